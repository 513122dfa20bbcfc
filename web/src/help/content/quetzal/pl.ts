import type { QHelpId } from '../../../quetzal/help-outline.js';
import type { HelpContent } from '../../outline.js';
import ratings from '../ratings/pl.js';

// Quetzal własnymi słowami, według docs/rules/quetzal.md; nazwy jak na stole gry (polskiej instrukcji nie mamy).
const pl: HelpContent<QHelpId> = {
  goal: {
    title: 'Cel gry',
    body: [
      'Przez pięć rund wysyłasz figurki do miejsc w mieście: zdobywasz karty artefaktów, dostarczasz je za punkty zwycięstwa (PZ), posuwasz się na torze odkryć i zbierasz ulepszenia. Po 5. rundzie wygrywa najwięcej PZ.',
    ],
  },
  setup: {
    title: 'Przygotowanie',
    body: [
      'Osiem kart artefaktów leży odkrytych na wystawie Świątyni i po dwie na każdym wykopalisku (Kamieniołom, Mała Świątynia, Ruiny). Trzy ulepszenia leżą odkryte w Wiosce.',
      'Monety, licząc od pierwszego gracza: 4, 5, 5, 6, 6. Każdy ma przywódcę i figurki drużyny: 6 przy 3 graczach, 5 przy 4 graczach, 4 przy 5 graczach. Przy 3 graczach jeden statek jest zamknięty.',
    ],
  },
  turn: {
    title: 'Runda',
    body: ['Każda z pięciu rund ma cztery fazy: rzut, stawianie, aktywacja, przygotowanie.'],
  },
  roll: {
    title: '1. Rzut',
    body: [
      'Wszyscy rzucają swoimi figurkami jak kośćmi. Figurka drużyny czarną stroną do góry to poszukiwacz, białą – archeolog; leżąca na boku lub stojąca jest dowolna, wybierasz przy stawianiu. Przywódca jest zawsze dowolny.',
      'Każda figurka, która stanie pionowo, daje od razu 1 monetę. Potem gracze z ulepszeniami przerzutu mogą ich użyć.',
    ],
  },
  place: {
    title: '2. Stawianie',
    body: [
      'Od pierwszego gracza zgodnie z ruchem wskazówek zegara każdy stawia jedną lub więcej figurek w jednym miejscu; kolejka krąży, aż wszystkie figurki staną. Za płatne miejsce płacisz przy stawianiu.',
      'Miejsca ze sztandarami (Stela, Świątynia, Wioska) przyjmują jedną figurkę rodzaju sztandaru na wolny sztandar; zajęty sztandar jest zamknięty do końca rundy.',
      'Miejsca licytacji (wykopaliska, Czarny Rynek, statki) przyjmują ofertę: dowolnie wiele figurek jednego rodzaju. Aby przebić, postaw więcej figurek tego samego rodzaju; przebity gracz zabiera swoje figurki i stawia je później jeszcze raz. Nie możesz podbić własnej zwycięskiej oferty. Sam przywódca nie ustala jeszcze rodzaju.',
    ],
  },
  activate: {
    title: '3. Aktywacja',
    body: [
      'Miejsca działają w tej kolejności: Stela, Świątynia (od górnego sztandaru), Kamieniołom, Mała Świątynia, Ruiny, Czarny Rynek, Wioska, Kapitanat portu, pierwszy statek, drugi statek. Potem wszystkie figurki wracają do właścicieli.',
    ],
  },
  prepare: {
    title: '4. Przygotowanie',
    body: [
      'Samolot przesuwa się o jedną rundę. Puste miejsca na karty uzupełnia się z talii (gdy się skończy, tasuje się stos kart odrzuconych), a Wioska dostaje nowe ulepszenia. Po 5. rundzie zamiast tego gra się kończy.',
    ],
  },
  locations: {
    title: 'Miejsca',
    body: ['Co daje każde miejsce na planszy i kto może tam pójść.'],
  },
  camp: {
    body: [
      'Otwarty dla wszystkich, dowolne figurki, ile razy chcesz. Dostajesz od razu 1 monetę za figurkę, a potem możesz przerzucić jedną figurkę, której jeszcze nie postawiłeś (1 moneta więcej, jeśli stanie).',
    ],
  },
  stele: {
    body: ['Jeden archeolog, za darmo. Daje znacznik pierwszego gracza i 1 odkrycie. Obecny pierwszy gracz nie może tu pójść.'],
  },
  temple: {
    body: [
      'Pięć sztandarów; od góry kosztują 5, 4, 3, 2 i 1 monetę. Sztandary 1, 3 i 4 przyjmują poszukiwacza, sztandary 2 i 5 archeologa.',
      'Sztandary 1 i 2: wybierz 2 karty z wystawy Świątyni. Sztandary 3 i 4: wybierz 1 kartę i dobierz wierzchnią kartę z talii. Sztandar 5: wybierz 1 kartę. Górny sztandar wybiera pierwszy.',
    ],
  },
  quarry: {
    body: ['Licytacja. Najwyższa oferta bierze obie leżące tam karty i 1 PZ. Karty, których nikt nie wygra, zostają na następną rundę.'],
  },
  smallTemple: {
    body: ['Licytacja. Najwyższa oferta bierze obie leżące tam karty i 1 odkrycie.'],
  },
  ruins: {
    body: ['Licytacja. Najwyższa oferta bierze obie leżące tam karty i 1 monetę.'],
  },
  blackMarket: {
    body: [
      'Licytacja tylko dla poszukiwaczy. Zwycięzca może sprzedać jedną kartę z ręki za 7 monet. To nie jest dostawa: bez PZ i bez premii z karty.',
    ],
  },
  village: {
    body: [
      'Trzy sztandary: pierwszy kosztuje 2 i przyjmuje poszukiwacza, drugi kosztuje 2 i przyjmuje archeologa, trzeci kosztuje 1 i przyjmuje archeologa. Każdy sztandar, od góry, bierze jedno odkryte ulepszenie.',
    ],
  },
  harbour: {
    body: [
      'Otwarty dla wszystkich, dowolne figurki, ale każda kosztuje 2 monety przy stawianiu. Każdy gracz, który tu stoi, robi jedną dostawę do 3 kart na każdą swoją figurkę w tym miejscu.',
    ],
  },
  ship1: {
    body: ['Licytacja. Zwycięzca dostarcza do 6 kart. Przy 2 lub 3 graczach jeden ze statków jest zamknięty.'],
  },
  ship2: {
    body: ['Licytacja jak na pierwszym statku; działa zaraz po nim. Zwycięzca dostarcza do 6 kart.'],
  },
  delivery: {
    title: 'Dostawy i odkrycia',
    body: ['Karty na ręce nic nie są warte, dopóki ich nie dostarczysz; odkrycia opłacają się po drodze.'],
  },
  deliver: {
    title: 'Dostarczanie kart',
    body: [
      'W Kapitanacie portu i na statku możesz dostarczyć karty z ręki; potem trafiają na stos kart odrzuconych. Każdy rodzaj punktuje według liczby kart dostarczonych razem:',
      'Dzbany 1 / 3 / 5 PZ, broń 1 / 3 / 6, tabliczki 2 / 4 / 7, rzeźby 2 / 5 / 8, mumie 3 / 6 / 10 za 1 / 2 / 3 karty. Ponad trzy karty jednego rodzaju liczą się jako pełne trójki plus reszta.',
      'Każda dostarczona karta daje też swoją premię: 1 monetę, 1 odkrycie albo 1 PZ. Podgląd dostawy na stole pokazuje dokładnie, ile da dostawa, razem z ulepszeniami.',
    ],
  },
  discovery: {
    title: 'Tor odkryć',
    body: [
      'Każde odkrycie przesuwa twój znacznik o jedno pole na torze (od 0 do 14). Gdy dojdziesz do pola parzystego albo je miniesz, dostajesz: 2: 1 PZ, 4: 2 monety, 6: ulepszenie, 8: 2 PZ, 10: 3 monety, 12: ulepszenie, 14: 4 PZ.',
    ],
  },
  upgrades: {
    title: 'Ulepszenia',
    body: [
      'Ulepszenia stałe działają od chwili, gdy je zdobędziesz; możesz trzymać dwa. Gdy zdobędziesz trzecie, odłóż jedno z trzech. Drugi egzemplarz ulepszenia, które już masz, od razu odkładasz.',
      'Ulepszenia natychmiastowe dają premię raz, a potem odkłada się je na bok. Każde zdobyte ulepszenie liczy się na koniec: 1 PZ za stałe, 2 PZ za natychmiastowe.',
    ],
  },
  reroll2: { body: ['Raz na rundę, po rzucie: przerzuć do dwóch swoich figurek.'] },
  rerollAll: { body: ['Raz na rundę, po rzucie: przerzuć wszystkie swoje figurki albo żadnej.'] },
  templeDiscount: { body: ['Sztandary Świątyni kosztują cię o 1 monetę mniej (nigdy poniżej 0).'] },
  templeDraw: {
    body: ['Na sztandarach 3 i 4 Świątyni dobierasz dwie karty zamiast jednej: jedną zatrzymujesz, drugą kładziesz pod talią.'],
  },
  extraCard: { body: ['Każda twoja dostawa w Kapitanacie portu i na statku może mieć o jedną kartę więcej.'] },
  tabletCoins: { body: ['2 monety za każdą dostarczoną tabliczkę.'] },
  jarSet: { body: ['Dostawa z co najmniej trzema dzbanami daje dodatkowo 1 monetę i 3 PZ (raz na dostawę).'] },
  weaponSet: { body: ['Dostawa z co najmniej trzema sztukami broni daje dodatkowo 2 monety i 2 PZ (raz na dostawę).'] },
  mixedSet: { body: ['Dostawa z co najmniej jednym dzbanem, jedną bronią i jedną tabliczką daje dodatkowo 4 PZ (raz na dostawę).'] },
  coinsToVp: {
    body: ['Za każdym razem, gdy podejmujesz decyzję, i jeszcze raz przed końcowym liczeniem: zapłać 2 monety za 1 PZ, ile razy chcesz.'],
  },
  coinsToDiscovery: {
    body: [
      'Za każdym razem, gdy podejmujesz decyzję, i jeszcze raz przed końcowym liczeniem: zapłać 3 monety za 1 odkrycie, ile razy chcesz.',
    ],
  },
  instantCoins: { body: ['Natychmiastowe: weź 5 monet, potem odłóż płytkę na bok.'] },
  instantDiscovery: { body: ['Natychmiastowe: weź 1 odkrycie, potem odłóż płytkę na bok.'] },
  scoring: {
    title: 'Punktacja',
    body: [
      'Na koniec każdy dodaje do PZ z toru punktacji: 2 PZ za znacznik pierwszego gracza, 1 PZ za każde 3 monety i PZ wszystkich zdobytych ulepszeń.',
    ],
  },
  end: {
    title: 'Koniec gry',
    body: [
      'Gra kończy się od razu po aktywacji w 5. rundzie. Wygrywa najwięcej PZ; przy remisie ten, kto jest dalej na torze odkryć; jeśli nadal remis, gracze dzielą się zwycięstwem.',
    ],
  },
  'two-players': {
    title: 'Gra dwuosobowa',
    body: [
      'Każdy ma przywódcę i 5 figurek drużyny. Jeden statek, trzeci sztandar Wioski i trzecie miejsce na ulepszenie w Wiosce są zamknięte.',
      'Neutralny automat gra trzecim kolorem i nigdy nie zdobywa punktów. Na początku i w każdej fazie 4 jego wierzchnia karta stawia za darmo 6 figurek: 2 na sztandarach Świątyni, 3 na jednym wykopalisku i 1 na Czarnym Rynku lub otwartym statku. Jego sztandary są dla was zamknięte.',
      'Jego figurki można przebić jak każdą ofertę: więcej figurek tego samego rodzaju; wtedy schodzą z miejsca do końca rundy. Przy aktywacji w Świątyni bierze najlepsze karty (najpierw mumie, potem rzeźby, tabliczki, broń, dzbany) i je odrzuca; na wykopalisku, które wciąż trzyma, obie karty są odrzucane; na Czarnym Rynku i na statku nic się nie dzieje.',
    ],
  },
  ratings,
};

export default pl;
