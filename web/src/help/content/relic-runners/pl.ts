import type { RRHelpId } from '../../../relic-runners/help-outline.js';
import type { HelpContent } from '../../outline.js';
import ratings from '../ratings/pl.js';

// Relic Runners własnymi słowami, według docs/rules/relic-runners.md; nazwy z polskiej instrukcji.
const pl: HelpContent<RRHelpId> = {
  goal: {
    title: 'Cel gry',
    body: [
      'Prowadzisz Odkrywcę przez dżunglę wokół Obozu. Eksplorujesz Ruiny i Świątynie, kładziesz Ścieżki, po których szybko się poruszasz, i w wyprawach przenosisz Relikty z jednej Kapliczki do drugiej.',
      'Wygrywa gracz z największą liczbą punktów zwycięstwa (PZ) na koniec gry. Twoje PZ pozostają ukryte przed innymi aż do końcowego podliczenia.',
    ],
  },
  setup: {
    title: 'Przygotowanie',
    body: [
      'Każdy Odkrywca zaczyna w Obozie z 3 Racjami żywnościowymi, 10 Ścieżkami w zapasie i 1 Skrzynką u dołu Tabeli rozwoju (2 kolejne czekają na Planszy Odkrywcy). W Obozie leżą 2 Racje na każdego gracza.',
      'Na każdym z 8 miejsc Ruin kładzie się stos 3 żetonów Ruin. 12 Świątyń dostaje stosy żetonów z kości słoniowej, niebieskich lub fioletowych: duży na dole, potem średni, mały na wierzchu (po 4 Świątynie każdego koloru). W grze dwuosobowej każdy stos jest o jeden żeton niższy.',
      'Na każdym z 10 Szlaków rzecznych leży żeton Ekwipunku kolorową stroną do góry. Wierzchni żeton każdej fioletowej Świątyni jest odkryty, wszystkie pozostałe stosy są zakryte.',
    ],
  },
  turn: {
    title: 'Twoja tura',
    body: [
      'W każdej turze musisz wykonać ruch, a potem możesz eksplorować miejsce, w którym się zatrzymałeś. Raz na turę, przed którymś z tych kroków lub po nim, możesz użyć jednej Skrzynki z Tabeli rozwoju.',
    ],
  },
  move: {
    title: 'Ruch',
    body: [
      'Szlak jest ci znany, jeśli leży na nim twoja Ścieżka; w przeciwnym razie jest nieznany. W jednym ruchu możesz przejść dowolny łańcuch znanych Szlaków i najwyżej jeden nieznany Szlak, przed łańcuchem lub po nim, ale nie w środku.',
      'Musisz przejść co najmniej jeden Szlak i nie możesz skończyć tam, gdzie zacząłeś. Każdego Szlaku używasz najwyżej raz na turę, ale przez to samo miejsce możesz przejść kilka razy. Inni Odkrywcy nigdy cię nie blokują.',
      'Obóz cię zatrzymuje: gdy do niego dotrzesz, twój ruch się kończy. Szlaki rzeczne działają jak leśne, ale przejście Szlakiem z żetonem Ekwipunku leżącym kolorem do góry odwraca ten żeton i daje kroki dla twoich Skrzynek.',
    ],
  },
  explore: {
    title: 'Eksploracja',
    body: [
      'Po ruchu możesz oddać 1 Rację (wraca do Obozu), aby eksplorować Ruiny lub Świątynię, na których stoisz, o ile leżą tam jeszcze żetony. Bez Racji nie możesz eksplorować.',
      'Jeśli kończysz ruch w Obozie, dostajesz za darmo 3 Racje (nigdy więcej niż 5 na Planszy Odkrywcy i tylko tyle, ile jest w Obozie), a twoja tura od razu się kończy.',
    ],
  },
  ruins: {
    title: 'Ruiny',
    body: [
      'Zdejmij wierzchni żeton Ruin i połóż jedną Ścieżkę z zapasu na Szlaku sąsiadującym z tymi Ruinami. Nigdy nie możesz mieć dwóch własnych Ścieżek na jednym Szlaku; Ścieżki różnych graczy mogą dzielić Szlak.',
    ],
  },
  temples: {
    title: 'Świątynie',
    body: [
      'Z kości słoniowej: weź wierzchni żeton i połóż go przed sobą odkryty. Możesz mieć po jednym takim żetonie każdej wielkości; gdy zdobędziesz drugi tej samej wielkości, zatrzymaj jeden, odrzuć drugi i zdobądź 2 PZ.',
      'Niebieska: weź wierzchni żeton zakryty. Na koniec gry jest wart od 2 do 5 PZ i tylko ty znasz jego wartość.',
      'Fioletowa: wierzchni żeton jest odkryty. Weź go, wykonaj jego działanie, odrzuć go i odkryj następny żeton tej Świątyni.',
    ],
  },
  shrines: {
    title: 'Kapliczki i Relikty',
    body: [
      'Gdy ktoś zabierze ostatni żeton z Ruin lub Świątyni, pod spodem ukazuje się Kapliczka z Reliktem: zielonym pod Ruinami, w kolorze Świątyni pod Świątyniami. Kapliczki nie można już eksplorować, ale można przez nią przechodzić i się na niej zatrzymać.',
    ],
  },
  expeditions: {
    title: 'Wyprawy po Relikt',
    body: [
      'Jeśli zaczynasz turę na Kapliczce z Reliktem i kończysz ruch na innej Kapliczce z Reliktem tego samego koloru, możesz zabrać ten Relikt. Racja nie jest do tego potrzebna.',
      'Dostajesz wtedy 2 PZ za każdy Szlak przebyty w tej turze, więc długie trasy się opłacają. Przeskoki (PU-5, IV2-6) nie przechodzą żadnym Szlakiem i się nie liczą. Relikt, z którego wyruszyłeś, zostaje na miejscu.',
    ],
  },
  rations: {
    title: 'Racje żywnościowe',
    body: [
      'Na Planszy Odkrywcy nigdy nie masz więcej niż 5 Racji. Każda zdobyta Racja pochodzi z Obozu i dostajesz tylko tyle, ile w nim zostało; wydane Racje tam wracają.',
    ],
  },
  toolboxes: {
    title: 'Skrzynki i Tabela rozwoju',
    body: [
      'Tabela ma trzy tory (Maczeta, Kompas, Łopata) po trzy poziomy, a pod nimi dolny rząd. Po ruchu każdy kolorowy żeton Ekwipunku na przebytych Szlakach rzecznych odwracasz na szarą stronę i za każdy dostajesz jeden krok, by przesunąć Skrzynki w górę. Skrzynka opuszczająca dolny rząd wybiera tor i na nim zostaje. Musisz wykorzystać tyle kroków, ile się da.',
      'Jeśli odwrócisz ostatni kolorowy żeton na planszy, wszystkie dziesięć znów leży kolorem do góry, a ty dostajesz jeden krok więcej.',
      'Raz na turę możesz użyć Skrzynki stojącej na jakimś poziomie: wraca na dół Tabeli, a ty wykonujesz akcję jej poziomu. Wolno to zrobić tylko wtedy, gdy akcję da się wykonać w całości.',
    ],
  },
  'RR-TB-1': { title: 'Maczeta 1', body: ['Eksploruj Świątynię, na której stoisz, bez oddawania Racji.'] },
  'RR-TB-2': { title: 'Maczeta 2', body: ['Weź 2 Racje z Obozu.'] },
  'RR-TB-3': { title: 'Maczeta 3', body: ['Zdobądź 4 PZ za każdy posiadany Relikt (dwa w tym samym kolorze liczą się podwójnie).'] },
  'RR-TB-4': { title: 'Kompas 1', body: ['Przenieś jedną swoją Ścieżkę z planszy na dowolny inny Szlak.'] },
  'RR-TB-5': { title: 'Kompas 2', body: ['Przenieś dwie swoje Ścieżki z planszy na inne Szlaki.'] },
  'RR-TB-6': {
    title: 'Kompas 3',
    body: ['Zdobądź 2 PZ za każdą Ścieżkę w twoim najdłuższym nieprzerwanym łańcuchu Ścieżek. Łańcuch nie może prowadzić przez Obóz.'],
  },
  'RR-TB-7': { title: 'Łopata 1', body: ['Postaw Skrzynkę z Planszy Odkrywcy u dołu Tabeli rozwoju albo zdobądź 2 PZ.'] },
  'RR-TB-8': { title: 'Łopata 2', body: ['Połóż Ścieżkę z zapasu na Szlaku sąsiadującym z miejscem, w którym stoi twój Odkrywca.'] },
  'RR-TB-9': {
    title: 'Łopata 3',
    body: [
      'Podwój wszystkie PZ zdobyte w tej turze, przed użyciem i po nim. Każdy niebieski żeton wzięty w tej turze pokazujesz wszystkim, a jego wartość liczy się teraz jeszcze raz.',
    ],
  },
  ivory: {
    title: 'Żetony z kości słoniowej',
    body: [
      'Żetony z kości słoniowej leżą przed tobą odkryte, najwyżej jeden każdej wielkości. Duże punktują na koniec gry, średnich używasz raz i odrzucasz, małe działają za każdym razem, gdy nadejdzie ich moment.',
    ],
  },
  'IV1-1': { body: ['Na koniec gry: 3 PZ za każdy twój żeton z kości słoniowej, łącznie z tym.'] },
  'IV1-2': { body: ['Na koniec gry: 2 PZ za każdą Rację, która została na twojej Planszy Odkrywcy.'] },
  'IV1-3': { body: ['Na koniec gry: 5 PZ za każdy Relikt ponad pierwszy w danym kolorze (dwa niebieskie dają 5, trzy dają 10).'] },
  'IV1-4': { body: ['Na koniec gry: 1 PZ za każdą twoją Ścieżkę na planszy.'] },
  'IV1-5': { body: ['Na koniec gry: 4 PZ za każdą Skrzynkę na twojej Tabeli rozwoju, także u jej dołu (bez tych z rezerwy).'] },
  'IV1-6': {
    body: [
      'Gdy gra się kończy, możesz odrzucić ten żeton, by zagrać jeszcze jedną turę po ostatnim graczu. Za to odrzucenie nie dostajesz 2 PZ.',
    ],
  },
  'IV2-1': { body: ['Jednorazowo: w jednym ruchu twój jedyny nieznany Szlak może leżeć w środku łańcucha znanych Szlaków.'] },
  'IV2-2': {
    body: [
      'Jednorazowo, przy eksploracji Świątyni: obejrzyj w tajemnicy wszystkie jej żetony i weź ten, który chcesz. Pozostałe zachowują kolejność.',
    ],
  },
  'IV2-3': { body: ['Jednorazowo, na początku tury: uzupełnij Racje z Obozu do 5.'] },
  'IV2-4': {
    body: ['Jednorazowo, gdy kładziesz Ścieżkę z zapasu: połóż dwie, obie na Szlakach sąsiadujących z miejscem twojego Odkrywcy.'],
  },
  'IV2-5': {
    body: [
      'Jednorazowo, gdy kładziesz Ścieżkę z zapasu (dzięki Ruinom, Łopacie 2 lub PU-7): połóż ją na dowolnym Szlaku planszy zamiast obok siebie.',
    ],
  },
  'IV2-6': {
    body: [
      'Jednorazowo, zamiast zwykłego ruchu: przeskocz ze Świątyni, na której stoisz, do innej Świątyni tego samego koloru bez Reliktu. To twój ruch, ale bez żadnego Szlaku.',
    ],
  },
  'IV3-1': { body: ['Za każdym razem, gdy kładziesz Ścieżkę z zapasu: 1 PZ. Przeniesienie Ścieżki się nie liczy.'] },
  'IV3-2': { body: ['Za każdym razem, gdy jako pierwszy eksplorujesz Ruiny lub Świątynię (ich stos jest jeszcze pełny): 1 PZ.'] },
  'IV3-3': {
    body: [
      'Za każdym razem, gdy eksploracja Świątyni daje ci PZ: 1 PZ więcej, raz na eksplorację. Wzięcie niebieskiego żetonu też się liczy.',
    ],
  },
  'IV3-4': { body: ['Za każdym razem, gdy przeciwnik przenosi swoją Ścieżkę leżącą już na planszy: 1 Racja dla ciebie.'] },
  'IV3-5': { body: ['Za każdym razem, gdy wracasz do Obozu: 1 Racja więcej niż zwykle.'] },
  'IV3-6': {
    body: [
      'Za każdym razem, gdy opuszczasz Obóz, musisz odwrócić dowolny żeton Ekwipunku na wybraną stronę. Nie daje to kroków, chyba że był to ostatni kolorowy żeton.',
    ],
  },
  purple: {
    title: 'Żetony fioletowe',
    body: [
      'Fioletowe żetony leżą odkryte na swojej Świątyni, więc wszyscy widzą, co da następna eksploracja. Wykonujesz działanie od razu i odrzucasz żeton.',
    ],
  },
  'PU-1': { body: ['Zdobądź 3 PZ.'] },
  'PU-2': { body: ['Przesuń jedną ze swoich Skrzynek na Tabeli rozwoju o jeden krok w górę (jeśli któraś może).'] },
  'PU-3': { body: ['Weź 2 Racje z Obozu.'] },
  'PU-4': { body: ['Postaw Skrzynkę z rezerwy u dołu swojej Tabeli rozwoju (jeśli jeszcze ją masz).'] },
  'PU-5': {
    body: [
      'Przeskocz do Obozu i weź 3 Racje. W przeciwieństwie do ruchu kończącego się w Obozie twoja tura trwa dalej: możesz jeszcze użyć Skrzynki.',
    ],
  },
  'PU-6': { body: ['Przenieś jedną swoją Ścieżkę z planszy na dowolny inny Szlak.'] },
  'PU-7': {
    body: [
      'Musisz wykonać akcję sąsiednich Ruin lub Świątyni, na których są jeszcze żetony, tak jakbyś tam stał; ich wierzchni żeton również jest zdejmowany. Ścieżkę zdobytą w ten sposób kładziesz obok fioletowej Świątyni, na której stoisz. Jeśli takiego sąsiada nie ma, nic więcej się nie dzieje (Racja wydana na eksplorację nie wraca).',
    ],
  },
  'PU-8': {
    body: [
      'Odwróć do dwóch żetonów Ekwipunku w dowolnym miejscu, każdy na wybraną stronę. Bez kroków, chyba że odwrócisz ostatni kolorowy żeton na szarą stronę.',
    ],
  },
  scoring: {
    title: 'Punktacja',
    body: [
      'W trakcie gry PZ dają fioletowe żetony, akcje Tabeli rozwoju, odrzucone żetony z kości słoniowej, małe żetony z kości słoniowej i wyprawy po Relikt.',
      'Na koniec każdy sumuje: PZ zdobyte w grze, wartości swoich niebieskich żetonów, 5 PZ za każdy inny kolor Reliktu (zielony, z kości słoniowej, niebieski, fioletowy) i premie swoich dużych żetonów z kości słoniowej.',
    ],
  },
  end: {
    title: 'Koniec gry',
    body: [
      'Koniec nadchodzi, gdy gracze zbiorą łącznie 7 Reliktów (2 graczy), 8 (3 graczy), 9 (4 graczy) lub 10 (5 graczy). Kto wziął ostatni, kończy swoją turę, a potem każdy z pozostałych gra po kolei jeszcze jedną turę. Wyprawy nadal się liczą.',
      'Następnie posiadacz IV1-6 może zagrać dodatkową turę. Wygrywa najwięcej PZ; przy remisie więcej Reliktów, potem więcej kolorów Reliktów; jeśli nadal remis, gracze dzielą się zwycięstwem.',
    ],
  },
  ratings,
};

export default pl;
