import type { HelpText } from '../../outline.js';

// Jak platforma ocenia graczy, tymi samymi słowami w pomocy każdej gry.
const pl: HelpText = {
  title: 'Ranking',
  body: [
    'Partia rankingowa to taka, którą twórca oznaczył przy zakładaniu jako rankingową: na każdym miejscu siedzi zalogowane konto, a każdy gracz ma zegar. Po jej końcu ranking każdego gracza w tej grze się zmienia: rośnie, gdy skończy przed innymi, spada, gdy skończy za nimi, i to tym bardziej, im bardziej wynik zaskakuje (wygrana z dużo silniejszym graczem znaczy więcej niż ze słabszym).',
    'Ranking to jedna liczba wraz z jej niepewnością, na przykład 1540 ± 120. Liczba to najlepsze oszacowanie siły gracza; ± mówi, o ile to oszacowanie może się jeszcze mylić. U nowego gracza jest szerokie i zawęża się z każdą partią rankingową, dlatego pierwsze partie zmieniają liczbę bardziej niż późniejsze.',
    'Opuszczenie partii rankingowej przed końcem liczy się jako porażka, bez względu na to, co potem dzieje się przy stole. Profil pokazuje, jak często gracz opuszcza partie.',
    'Boty też mają ranking, na tej samej skali, z rozegranych przez siebie partii: widać więc, jak ich poziomy wypadają na tle ludzi. Tabela najlepszych danej gry pokazuje graczy, którzy mają dość partii rankingowych i grali w ostatnich 90 dniach.',
  ],
};
export default pl;
