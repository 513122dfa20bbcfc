import type { QHelpId } from '../../../quetzal/help-outline.js';
import type { HelpContent } from '../../outline.js';
import ratings from '../ratings/fr.js';

// Quetzal avec nos propres mots, d'après docs/rules/quetzal.md ; termes de la table (pas de règle française fournie).
const fr: HelpContent<QHelpId> = {
  goal: {
    title: 'But du jeu',
    body: [
      'En cinq manches, vous envoyez vos figurines dans les lieux de la cité : pour gagner des cartes artefact, les livrer contre des points de victoire (PV), avancer sur la piste de découverte et réunir des améliorations. Après la manche 5, le plus de PV l’emporte.',
    ],
  },
  setup: {
    title: 'Mise en place',
    body: [
      'Huit cartes artefact sont visibles sur l’étalage du Temple et deux sur chaque site de fouilles (Carrière, Petit temple, Ruines). Trois améliorations sont visibles au Village.',
      'Pièces, à partir du premier joueur : 4, 5, 5, 6, 6. Chacun a un chef et des figurines d’équipe : 6 à 3 joueurs, 5 à 4 joueurs, 4 à 5 joueurs. À 3 joueurs, un navire est fermé.',
    ],
  },
  turn: {
    title: 'Une manche',
    body: ['Chacune des cinq manches a quatre phases : lancer, placer, activer, préparer.'],
  },
  roll: {
    title: '1. Lancer',
    body: [
      'Chacun lance toutes ses figurines comme des dés. Une figurine d’équipe face noire est un aventurier, face blanche un archéologue ; couchée ou debout, elle est au choix, à décider en la plaçant. Le chef est toujours au choix.',
      'Chaque figurine qui tombe debout rapporte aussitôt 1 pièce. Ensuite, les joueurs qui ont une amélioration de relance peuvent l’utiliser.',
    ],
  },
  place: {
    title: '2. Placer',
    body: [
      'À partir du premier joueur et dans le sens horaire, chacun pose une ou plusieurs figurines sur un lieu ; on fait des tours jusqu’à ce que toutes soient placées. Un lieu payant se paie au moment où l’on s’y place.',
      'Les lieux à bannières (Stèle, Temple, Village) accueillent une figurine du type de la bannière sur une bannière libre ; une bannière prise est fermée pour la manche.',
      'Les lieux aux enchères (sites de fouilles, Marché noir, navires) reçoivent une mise : autant de figurines d’un même type que vous voulez. Pour surenchérir, posez plus de figurines du même type ; le joueur dépassé reprend les siennes et les replace plus tard. Vous ne pouvez pas relever votre propre mise gagnante. Un chef seul ne fixe pas encore le type.',
    ],
  },
  activate: {
    title: '3. Activer',
    body: [
      'Les lieux agissent dans cet ordre : Stèle, Temple (bannière du haut d’abord), Carrière, Petit temple, Ruines, Marché noir, Village, Capitainerie, premier navire, second navire. Puis chacun reprend ses figurines.',
    ],
  },
  prepare: {
    title: '4. Préparer',
    body: [
      'L’avion avance d’une manche. Les emplacements de cartes vides sont complétés depuis la pioche (la défausse est mélangée quand elle est épuisée) et le Village reçoit de nouvelles améliorations. Après la manche 5, la partie s’arrête à la place.',
    ],
  },
  locations: {
    title: 'Lieux',
    body: ['Ce que rapporte chaque lieu du plateau, et qui peut y aller.'],
  },
  camp: {
    body: [
      'Ouvert à tous, toutes figurines, autant de fois que vous voulez. Vous gagnez aussitôt 1 pièce par figurine, puis vous pouvez relancer une figurine pas encore placée (1 pièce de plus si elle tombe debout).',
    ],
  },
  stele: {
    body: [
      'Un archéologue, gratuit. Il rapporte le marqueur de premier joueur et 1 découverte. Le premier joueur actuel ne peut pas y aller.',
    ],
  },
  temple: {
    body: [
      'Cinq bannières, à 5, 4, 3, 2 et 1 pièces en partant du haut. Les bannières 1, 3 et 4 prennent un aventurier, les bannières 2 et 5 un archéologue.',
      'Bannières 1 et 2 : choisissez 2 cartes de l’étalage du Temple. Bannières 3 et 4 : choisissez 1 carte et piochez la carte du dessus. Bannière 5 : choisissez 1 carte. La bannière du haut choisit la première.',
    ],
  },
  quarry: {
    body: [
      'Enchère. La plus forte mise prend les deux cartes du lieu et 1 PV. Les cartes que personne ne gagne restent pour la manche suivante.',
    ],
  },
  smallTemple: {
    body: ['Enchère. La plus forte mise prend les deux cartes du lieu et 1 découverte.'],
  },
  ruins: {
    body: ['Enchère. La plus forte mise prend les deux cartes du lieu et 1 pièce.'],
  },
  blackMarket: {
    body: [
      'Enchère réservée aux aventuriers. Le gagnant peut vendre une carte de sa main pour 7 pièces. Ce n’est pas une livraison : ni PV, ni bonus de carte.',
    ],
  },
  village: {
    body: [
      'Trois bannières : la première coûte 2 et prend un aventurier, la deuxième coûte 2 et prend un archéologue, la troisième coûte 1 et prend un archéologue. Chaque bannière, de haut en bas, prend une amélioration visible.',
    ],
  },
  harbour: {
    body: [
      'Ouverte à tous, toutes figurines, mais chaque figurine coûte 2 pièces quand vous la placez. Chaque joueur présent fait une livraison d’au plus 3 cartes par figurine qu’il y a.',
    ],
  },
  ship1: {
    body: ['Enchère. Le gagnant livre jusqu’à 6 cartes. À 2 ou 3 joueurs, l’un des navires est fermé.'],
  },
  ship2: {
    body: ['Enchère, comme le premier navire, et activé juste après lui. Le gagnant livre jusqu’à 6 cartes.'],
  },
  delivery: {
    title: 'Livrer et découvrir',
    body: ['Les cartes en main ne valent rien tant que vous ne les livrez pas ; la découverte paie en chemin.'],
  },
  deliver: {
    title: 'Livrer des cartes',
    body: [
      'À la Capitainerie et sur un navire, vous pouvez livrer des cartes de votre main ; elles sont ensuite défaussées. Chaque type rapporte selon le nombre livré ensemble :',
      'Jarres 1 / 3 / 5 PV, armes 1 / 3 / 6, tablettes 2 / 4 / 7, sculptures 2 / 5 / 8, momies 3 / 6 / 10 pour 1 / 2 / 3 cartes. Au-delà de trois d’un type, on compte des séries complètes de trois plus le reste.',
      'Chaque carte livrée donne aussi son bonus : 1 pièce, 1 découverte ou 1 PV. L’aperçu de livraison sur la table montre exactement ce qu’elle rapportera, améliorations comprises.',
    ],
  },
  discovery: {
    title: 'Piste de découverte',
    body: [
      'Chaque découverte fait avancer votre marqueur d’une case sur la piste (de 0 à 14). Atteindre ou dépasser une case paire rapporte : 2 : 1 PV, 4 : 2 pièces, 6 : une amélioration, 8 : 2 PV, 10 : 3 pièces, 12 : une amélioration, 14 : 4 PV.',
    ],
  },
  upgrades: {
    title: 'Améliorations',
    body: [
      'Les améliorations permanentes agissent dès que vous les obtenez ; vous pouvez en garder deux. Si vous en obtenez une troisième, défaussez-en une des trois. Un deuxième exemplaire d’une amélioration que vous avez déjà est défaussé aussitôt.',
      'Les améliorations immédiates donnent leur bonus une fois puis sont mises de côté. Toute amélioration obtenue compte à la fin : 1 PV pour une permanente, 2 PV pour une immédiate.',
    ],
  },
  reroll2: { body: ['Une fois par manche, après le lancer : relancez jusqu’à deux de vos figurines.'] },
  rerollAll: { body: ['Une fois par manche, après le lancer : relancez toutes vos figurines, ou aucune.'] },
  templeDiscount: { body: ['Les bannières du Temple vous coûtent 1 pièce de moins (jamais moins de 0).'] },
  templeDraw: {
    body: ['Sur les bannières 3 et 4 du Temple, piochez deux cartes au lieu d’une : gardez-en une et glissez l’autre sous la pioche.'],
  },
  extraCard: { body: ['Chacune de vos livraisons à la Capitainerie et sur un navire peut compter une carte de plus.'] },
  tabletCoins: { body: ['2 pièces pour chaque tablette livrée.'] },
  jarSet: { body: ['Une livraison d’au moins trois jarres rapporte 1 pièce et 3 PV de plus (une fois par livraison).'] },
  weaponSet: { body: ['Une livraison d’au moins trois armes rapporte 2 pièces et 2 PV de plus (une fois par livraison).'] },
  mixedSet: { body: ['Une livraison d’au moins une jarre, une arme et une tablette rapporte 4 PV de plus (une fois par livraison).'] },
  coinsToVp: {
    body: [
      'Chaque fois que vous avez une décision à prendre, et une dernière fois avant le décompte : payez 2 pièces pour 1 PV, autant de fois que vous voulez.',
    ],
  },
  coinsToDiscovery: {
    body: [
      'Chaque fois que vous avez une décision à prendre, et une dernière fois avant le décompte : payez 3 pièces pour 1 découverte, autant de fois que vous voulez.',
    ],
  },
  instantCoins: { body: ['Immédiate : prenez 5 pièces, puis mettez la tuile de côté.'] },
  instantDiscovery: { body: ['Immédiate : prenez 1 découverte, puis mettez la tuile de côté.'] },
  scoring: {
    title: 'Décompte',
    body: [
      'À la fin, chacun ajoute aux PV de la piste de score : 2 PV pour le marqueur de premier joueur, 1 PV par lot de 3 pièces et les PV de toutes les améliorations obtenues.',
    ],
  },
  end: {
    title: 'Fin de partie',
    body: [
      'La partie s’arrête juste après l’activation de la manche 5. Le plus de PV l’emporte ; en cas d’égalité, celui qui est le plus avancé sur la piste de découverte ; sinon, la victoire est partagée.',
    ],
  },
  'two-players': {
    title: 'À deux joueurs',
    body: [
      'Chacun a un chef et 5 figurines d’équipe. Un navire, la troisième bannière du Village et le troisième emplacement d’amélioration du Village sont fermés.',
      'Un automate neutre joue une troisième couleur et ne marque jamais de points. Au début et à chaque phase 4, sa carte du dessus place gratuitement 6 figurines : 2 sur des bannières du Temple, 3 sur un site de fouilles et 1 sur le Marché noir ou le navire ouvert. Ses bannières vous sont fermées.',
      'Vous pouvez surenchérir sur ses figurines comme sur toute mise : plus de figurines du même type ; elles quittent alors le lieu pour la manche. À l’activation, au Temple il prend les meilleures cartes (momies d’abord, puis sculptures, tablettes, armes, jarres) et les défausse ; sur un site qu’il tient encore, les deux cartes sont défaussées ; au Marché noir ou sur un navire, rien ne se passe.',
    ],
  },
  ratings,
};

export default fr;
