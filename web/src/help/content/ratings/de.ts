import type { HelpText } from '../../outline.js';

// Wie die Plattform Spieler bewertet, in der Hilfe jedes Spiels mit denselben Worten.
const de: HelpText = {
  title: 'Wertungen',
  body: [
    'Eine gewertete Partie hat ihr Ersteller beim Anlegen als gewertet markiert: An jedem Platz sitzt ein angemeldetes Konto, und jeder hat eine Uhr. Nach dem Ende ändert sich die Wertung jedes Spielers in diesem Spiel: nach oben, wer vor anderen landet, nach unten, wer hinter ihnen landet, und umso mehr, je überraschender das Ergebnis ist (ein Sieg gegen einen viel stärkeren Gegner zählt mehr als einer gegen einen schwächeren).',
    'Eine Wertung ist eine Zahl mit ihrer Unsicherheit, etwa 1540 ± 120. Die Zahl ist die beste Schätzung der Spielstärke; das ± sagt, wie weit diese Schätzung noch danebenliegen kann. Bei neuen Spielern ist es groß und wird mit jeder gewerteten Partie kleiner, darum bewegen die ersten Partien die Zahl stärker als spätere.',
    'Wer eine gewertete Partie vor dem Ende verlässt, verliert sie, egal was danach am Tisch geschieht. Im Profil steht, wie oft jemand Partien verlassen hat.',
    'Auch die Bots haben Wertungen auf derselben Skala, aus den Partien, die sie spielen: So sieht man, wie ihre Stufen im Vergleich zu Menschen abschneiden. Die Bestenliste eines Spiels zeigt die Spieler mit genug gewerteten Partien, die in den letzten 90 Tagen gespielt haben.',
  ],
};
export default de;
