import type { HelpText } from '../../outline.js';

// Comment la plateforme cote les joueurs, avec les mêmes mots dans l’aide de chaque jeu.
const fr: HelpText = {
  title: 'Cote des joueurs',
  body: [
    'Une partie classée est une partie que son créateur a marquée comme telle : chaque place est tenue par un compte connecté, et chaque joueur a une pendule. À la fin, la cote de chacun dans ce jeu bouge : elle monte si l’on finit devant d’autres joueurs, elle baisse si l’on finit derrière eux, et d’autant plus que le résultat surprend (battre un joueur bien plus fort compte plus que battre un plus faible).',
    'Une cote est un nombre accompagné de son incertitude, par exemple 1540 ± 120. Le nombre est la meilleure estimation de la force du joueur ; le ± dit de combien cette estimation peut encore se tromper. Il est large pour un nouveau joueur et se resserre à chaque partie classée : les premières parties font donc plus bouger le nombre que les suivantes.',
    'Quitter une partie classée avant la fin compte comme une défaite, quoi qu’il se passe ensuite à la table. Le profil indique combien de fois un joueur est parti.',
    'Les bots ont eux aussi une cote, sur la même échelle, d’après les parties qu’ils jouent : on voit ainsi où se situent leurs niveaux face aux humains. Le classement d’un jeu montre les joueurs qui ont assez de parties classées et qui ont joué au cours des 90 derniers jours.',
  ],
};
export default fr;
