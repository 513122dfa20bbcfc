import type { RRHelpId } from '../../../relic-runners/help-outline.js';
import type { HelpContent } from '../../outline.js';
import ratings from '../ratings/fr.js';

// Relic Runners avec nos propres mots, d'après docs/rules/relic-runners.md ; termes de la règle française.
const fr: HelpContent<RRHelpId> = {
  goal: {
    title: 'But du jeu',
    body: [
      'Vous guidez un explorateur dans la jungle autour du camp de base. Explorez ruines et temples, posez des relais pour vous déplacer vite, et rapportez des reliques d’un autel à l’autre au cours d’expéditions.',
      'Le joueur qui a le plus de points de victoire (PV) à la fin l’emporte. Vos PV restent cachés aux autres jusqu’au décompte final.',
    ],
  },
  setup: {
    title: 'Mise en place',
    body: [
      'Chaque explorateur commence au camp de base avec 3 rations, 10 relais en réserve et 1 caisse à outils au pied de la table de progression (2 autres attendent à côté). Le camp de base contient 2 rations par joueur.',
      'Chacune des 8 ruines reçoit une pile de 3 tuiles ruine. Les 12 temples reçoivent des piles de tuiles ivoire, bleues ou violettes : la grande en bas, puis la moyenne, la petite au-dessus (4 temples par couleur). À 2 joueurs, chaque pile a une tuile de moins.',
      'Un jeton outil est posé face colorée sur chacune des 10 pistes fluviales. La tuile du dessus de chaque temple violet est visible ; toutes les autres piles sont face cachée.',
    ],
  },
  turn: {
    title: 'Votre tour',
    body: [
      'À chaque tour, vous devez vous déplacer, puis vous pouvez explorer le lieu où vous vous êtes arrêté. Une fois par tour, avant ou après l’une de ces étapes, vous pouvez utiliser une caisse à outils de votre table de progression.',
    ],
  },
  move: {
    title: 'Se déplacer',
    body: [
      'Une piste vous est connue quand un de vos relais s’y trouve ; sinon elle est non explorée. Lors d’un déplacement, vous pouvez suivre une chaîne quelconque de pistes connues et au plus une piste non explorée, avant ou après la chaîne, pas au milieu.',
      'Vous devez emprunter au moins une piste et ne pouvez pas finir là où vous avez commencé. Chaque piste ne sert qu’une fois par tour, mais vous pouvez repasser par un même lieu. Les autres explorateurs ne vous bloquent jamais.',
      'Le camp de base vous arrête : l’atteindre termine votre déplacement. Les pistes fluviales fonctionnent comme les pistes terrestres, mais emprunter une piste dont le jeton est face colorée retourne ce jeton et fait monter vos caisses à outils.',
    ],
  },
  explore: {
    title: 'Explorer',
    body: [
      'Après le déplacement, vous pouvez dépenser 1 ration (elle retourne au camp de base) pour explorer la ruine ou le temple où vous êtes, tant qu’il y reste des tuiles. Sans ration, pas d’exploration.',
      'Finir votre déplacement au camp de base vous donne gratuitement 3 rations (jamais plus de 5 sur votre fiche, et seulement ce que le camp contient encore) et termine aussitôt votre tour.',
    ],
  },
  ruins: {
    title: 'Ruines',
    body: [
      'Retirez la tuile ruine du dessus et posez un relais de votre réserve sur une piste qui touche cette ruine. Vous ne pouvez jamais avoir deux de vos relais sur la même piste ; les relais de joueurs différents peuvent la partager.',
    ],
  },
  temples: {
    title: 'Temples',
    body: [
      'Ivoire : prenez la tuile du dessus et gardez-la face visible. Vous pouvez avoir une tuile ivoire de chaque taille ; si vous en obtenez une deuxième de la même taille, gardez-en une, défaussez l’autre et marquez 2 PV.',
      'Bleu : prenez la tuile du dessus face cachée. Elle vaut de 2 à 5 PV à la fin, et vous seul connaissez sa valeur.',
      'Violet : la tuile du dessus est visible. Prenez-la, appliquez son effet, défaussez-la, puis retournez la tuile suivante de ce temple.',
    ],
  },
  shrines: {
    title: 'Autels et reliques',
    body: [
      'Quand la dernière tuile d’une ruine ou d’un temple est prise, une relique apparaît sur l’autel en dessous : verte sous les ruines, de la couleur du temple sous les temples. Un autel ne s’explore plus, mais on peut toujours le traverser ou s’y arrêter.',
    ],
  },
  expeditions: {
    title: 'Expéditions',
    body: [
      'Si vous commencez votre tour sur un autel portant une relique et terminez votre déplacement sur un autre autel portant une relique de la même couleur, vous pouvez prendre cette relique. Aucune ration n’est nécessaire.',
      'Vous marquez alors 2 PV par piste empruntée ce tour-ci : les longs trajets paient. Les sauts (PU-5, IV2-6) n’empruntent aucune piste et ne comptent pas. La relique de départ reste en place.',
    ],
  },
  rations: {
    title: 'Rations',
    body: [
      'Vous n’avez jamais plus de 5 rations sur votre fiche de personnage. Toute ration gagnée vient du camp de base, et vous ne recevez que ce qu’il contient encore ; les rations dépensées y retournent.',
    ],
  },
  toolboxes: {
    title: 'Caisses à outils et table de progression',
    body: [
      'La table a trois branches (machette, boussole, pelle) de trois niveaux chacune, au-dessus de son pied. À la fin de votre déplacement, chaque jeton outil face colorée des pistes fluviales empruntées est retourné, et vous gagnez un cran par jeton pour faire monter vos caisses. Une caisse qui quitte le pied de la table choisit une branche et y reste. Vous devez utiliser autant de crans que possible.',
      'Si vous retournez le dernier jeton coloré du plateau, les dix redeviennent colorés et vous gagnez un cran de plus.',
      'Une fois par tour, vous pouvez utiliser une caisse placée sur un niveau : elle redescend au pied de la table et vous effectuez l’action de son niveau. Ce n’est possible que si l’action peut être faite entièrement.',
    ],
  },
  'RR-TB-1': { title: 'Machette 1', body: ['Explorez le temple où vous êtes sans dépenser de ration.'] },
  'RR-TB-2': { title: 'Machette 2', body: ['Prenez 2 rations au camp de base.'] },
  'RR-TB-3': { title: 'Machette 3', body: ['Marquez 4 PV par relique que vous possédez (deux de même couleur comptent deux fois).'] },
  'RR-TB-4': { title: 'Boussole 1', body: ['Déplacez un de vos relais du plateau vers n’importe quelle autre piste.'] },
  'RR-TB-5': { title: 'Boussole 2', body: ['Déplacez deux de vos relais du plateau vers d’autres pistes.'] },
  'RR-TB-6': {
    title: 'Boussole 3',
    body: ['Marquez 2 PV par relais de votre plus longue chaîne ininterrompue de relais. Une chaîne ne passe pas par le camp de base.'],
  },
  'RR-TB-7': {
    title: 'Pelle 1',
    body: ['Placez une caisse à outils mise de côté au pied de votre table de progression, ou marquez 2 PV.'],
  },
  'RR-TB-8': { title: 'Pelle 2', body: ['Posez un relais de votre réserve sur une piste qui touche le lieu de votre explorateur.'] },
  'RR-TB-9': {
    title: 'Pelle 3',
    body: [
      'Doublez tous les PV marqués pendant ce tour, avant comme après. Chaque tuile bleue prise ce tour-ci est montrée à tous et sa valeur est marquée une fois de plus.',
    ],
  },
  ivory: {
    title: 'Tuiles ivoire',
    body: [
      'Vos tuiles ivoire restent face visible devant vous, au plus une par taille. Les grandes comptent à la fin, les moyennes servent une fois puis sont défaussées, les petites agissent chaque fois que leur moment arrive.',
    ],
  },
  'IV1-1': { body: ['À la fin : 3 PV par tuile ivoire que vous possédez, celle-ci comprise.'] },
  'IV1-2': { body: ['À la fin : 2 PV par ration restant sur votre fiche.'] },
  'IV1-3': {
    body: ['À la fin : 5 PV par relique au-delà de la première de sa couleur (deux reliques bleues donnent 5, trois donnent 10).'],
  },
  'IV1-4': { body: ['À la fin : 1 PV par relais à vous posé sur le plateau.'] },
  'IV1-5': {
    body: ['À la fin : 4 PV par caisse à outils sur votre table de progression, pied de la table compris (pas celles mises de côté).'],
  },
  'IV1-6': {
    body: [
      'À la fin de la partie, vous pouvez défausser cette tuile pour jouer un tour de plus après le dernier joueur. Cette défausse ne rapporte pas les 2 PV.',
    ],
  },
  'IV2-1': {
    body: [
      'Usage unique : lors d’un déplacement, votre unique piste non explorée peut se trouver au milieu de votre chaîne de pistes connues.',
    ],
  },
  'IV2-2': {
    body: [
      'Usage unique, en explorant un temple : regardez en secret toutes ses tuiles et prenez celle que vous voulez. Les autres gardent leur ordre.',
    ],
  },
  'IV2-3': { body: ['Usage unique, au début de votre tour : complétez vos rations jusqu’à 5 depuis le camp de base.'] },
  'IV2-4': {
    body: [
      'Usage unique, quand vous posez un relais de votre réserve : posez-en deux, tous deux sur des pistes qui touchent le lieu de votre explorateur.',
    ],
  },
  'IV2-5': {
    body: [
      'Usage unique, quand vous posez un relais de votre réserve (par une ruine, Pelle 2 ou PU-7) : posez-le sur n’importe quelle piste du plateau au lieu de près de vous.',
    ],
  },
  'IV2-6': {
    body: [
      'Usage unique, à la place d’un déplacement normal : sautez du temple où vous êtes vers un autre temple de même couleur sans relique. C’est votre déplacement, mais sans piste.',
    ],
  },
  'IV3-1': { body: ['Chaque fois que vous posez un relais de votre réserve : 1 PV. Déplacer un relais ne compte pas.'] },
  'IV3-2': { body: ['Chaque fois que vous êtes le premier à explorer une ruine ou un temple (sa pile est encore complète) : 1 PV.'] },
  'IV3-3': {
    body: [
      'Chaque fois qu’explorer un temple vous rapporte des PV : 1 PV de plus, une fois par exploration. Prendre une tuile bleue compte aussi.',
    ],
  },
  'IV3-4': { body: ['Chaque fois qu’un adversaire déplace un de ses relais déjà posés : 1 ration pour vous.'] },
  'IV3-5': { body: ['Chaque fois que vous revenez au camp de base : 1 ration de plus que d’habitude.'] },
  'IV3-6': {
    body: [
      'Chaque fois que vous quittez le camp de base, vous devez retourner un jeton outil de votre choix, dans un sens ou dans l’autre. Cela ne fait monter aucune caisse, sauf si c’était le dernier jeton coloré.',
    ],
  },
  purple: {
    title: 'Tuiles violettes',
    body: [
      'Les tuiles violettes sont visibles sur leur temple : chacun sait ce que fera la prochaine exploration. Vous appliquez l’effet aussitôt et défaussez la tuile.',
    ],
  },
  'PU-1': { body: ['Marquez 3 PV.'] },
  'PU-2': { body: ['Faites monter d’un cran une de vos caisses à outils sur la table (si l’une peut monter).'] },
  'PU-3': { body: ['Prenez 2 rations au camp de base.'] },
  'PU-4': { body: ['Placez une caisse à outils mise de côté au pied de votre table de progression (s’il vous en reste).'] },
  'PU-5': {
    body: [
      'Sautez jusqu’au camp de base et prenez 3 rations. Contrairement à un déplacement qui finit au camp, votre tour continue : vous pouvez encore utiliser une caisse à outils.',
    ],
  },
  'PU-6': { body: ['Déplacez un de vos relais posés vers n’importe quelle autre piste.'] },
  'PU-7': {
    body: [
      'Vous devez effectuer l’action d’une ruine ou d’un temple voisin qui a encore des tuiles, comme si vous y étiez : sa tuile du dessus est retirée elle aussi. Un relais gagné ainsi se pose à côté du temple violet où vous êtes. S’il n’y a aucun voisin de ce type, rien d’autre ne se passe (une ration dépensée pour explorer n’est pas rendue).',
    ],
  },
  'PU-8': {
    body: [
      'Retournez jusqu’à deux jetons outil n’importe où, chacun dans le sens voulu. Aucun cran gagné, sauf si vous retournez le dernier jeton coloré.',
    ],
  },
  scoring: {
    title: 'Décompte',
    body: [
      'En cours de partie, vous marquez des PV grâce aux tuiles violettes, aux actions de la table de progression, aux tuiles ivoire défaussées, aux petites tuiles ivoire et aux expéditions.',
      'À la fin, chacun additionne : les PV gagnés en jeu, la valeur de ses tuiles bleues, 5 PV par couleur de relique différente (verte, ivoire, bleue, violette) et les bonus de ses grandes tuiles ivoire.',
    ],
  },
  end: {
    title: 'Fin de partie',
    body: [
      'La fin arrive quand les joueurs ont collecté ensemble 7 reliques (2 joueurs), 8 (3 joueurs), 9 (4 joueurs) ou 10 (5 joueurs). Celui qui a pris la dernière finit son tour, puis chacun des autres joue encore un tour dans l’ordre. Les expéditions comptent toujours.',
      'Ensuite, le détenteur de IV1-6 peut jouer un tour supplémentaire. Le plus de PV l’emporte ; en cas d’égalité, le plus de reliques, puis le plus de couleurs de reliques ; sinon, la victoire est partagée.',
    ],
  },
  ratings,
};

export default fr;
