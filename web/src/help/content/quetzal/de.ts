import type { QHelpId } from '../../../quetzal/help-outline.js';
import type { HelpContent } from '../../outline.js';
import ratings from '../ratings/de.js';

// Quetzal mit eigenen Worten, nach docs/rules/quetzal.md; Begriffe der deutschen Regel.
const de: HelpContent<QHelpId> = {
  goal: {
    title: 'Ziel',
    body: [
      'In fünf Runden schickst du deine Figuren an die Orte der Stadt: Du gewinnst Artefaktkarten, lieferst sie für Siegpunkte (SP) ab, steigst auf der Entdeckungsleiste auf und sammelst Aufwertungen. Nach Runde 5 gewinnen die meisten SP.',
    ],
  },
  setup: {
    title: 'Spielaufbau',
    body: [
      'Acht Artefaktkarten liegen offen in der Auslage des Tempels, je zwei auf jeder Ausgrabungsstätte (Steinbruch, Kleiner Tempel, Ruinen). Drei Aufwertungen liegen offen im Dorf.',
      'Münzen ab dem Startspieler: 4, 5, 5, 6, 6. Jeder hat eine Expeditionsleiter-Figur und Team-Figuren: 6 zu dritt, 5 zu viert, 4 zu fünft. Zu dritt ist ein Schiff gesperrt.',
    ],
  },
  turn: {
    title: 'Eine Runde',
    body: ['Jede der fünf Runden hat vier Phasen: Würfeln, Einsetzen, Aktivieren, Vorbereiten.'],
  },
  roll: {
    title: '1. Würfeln',
    body: [
      'Alle werfen ihre Figuren wie Würfel. Eine Team-Figur mit Schwarz oben ist ein Abenteurer, mit Weiß oben ein Archäologe; liegt sie auf der Seite oder steht sie aufrecht, wählst du beim Einsetzen. Der Expeditionsleiter zählt immer als beides.',
      'Jede aufrecht stehende Figur bringt sofort 1 Münze. Danach dürfen Spieler mit Neuwurf-Aufwertungen diese nutzen.',
    ],
  },
  place: {
    title: '2. Einsetzen',
    body: [
      'Ab dem Startspieler im Uhrzeigersinn setzt jeder eine oder mehrere Figuren auf einen Ort; das geht reihum, bis alle Figuren stehen. Kostet ein Ort Münzen, zahlst du beim Einsetzen.',
      'Banner-Orte (Stele, Tempel, Dorf) nehmen eine Figur der Bannerfarbe auf ein freies Banner; ein besetztes Banner ist für diese Runde zu.',
      'Auktionsorte (Ausgrabungsstätten, Schwarzmarkt, Schiffe) nehmen ein Gebot: beliebig viele Figuren einer Art. Wer überbieten will, setzt mehr Figuren derselben Art; der Überbotene nimmt seine Figuren zurück und setzt sie später neu. Das eigene Höchstgebot darfst du nicht erhöhen. Ein Expeditionsleiter allein legt die Art noch nicht fest.',
    ],
  },
  activate: {
    title: '3. Aktivieren',
    body: [
      'Die Orte werden in dieser Reihenfolge aktiviert: Stele, Tempel (oberstes Banner zuerst), Steinbruch, Kleiner Tempel, Ruinen, Schwarzmarkt, Dorf, Büro des Hafenmeisters, erstes Schiff, zweites Schiff. Danach gehen alle Figuren an ihre Besitzer zurück.',
    ],
  },
  prepare: {
    title: '4. Vorbereiten',
    body: [
      'Das Flugzeug rückt eine Runde weiter. Leere Kartenfelder werden vom Stapel aufgefüllt (ist er leer, wird der Ablagestapel gemischt), und das Dorf bekommt neue Aufwertungen. Nach Runde 5 endet stattdessen das Spiel.',
    ],
  },
  locations: {
    title: 'Orte',
    body: ['Was jeder Ort bringt und wer dorthin darf.'],
  },
  camp: {
    body: [
      'Offen für alle, beliebige Figuren, so oft du willst. Du bekommst sofort 1 Münze je Figur und darfst danach eine Figur neu werfen, die du noch nicht eingesetzt hast (1 Münze mehr, wenn sie aufrecht steht).',
    ],
  },
  stele: {
    body: [
      'Ein Archäologe, kostenlos. Er bringt den Startspielermarker und 1 Entdeckungspunkt. Der aktuelle Startspieler darf nicht hierher.',
    ],
  },
  temple: {
    body: [
      'Fünf Banner, von oben 5, 4, 3, 2 und 1 Münzen teuer. Banner 1, 3 und 4 nehmen einen Abenteurer, Banner 2 und 5 einen Archäologen.',
      'Banner 1 und 2: 2 Karten aus der Tempelauslage wählen. Banner 3 und 4: 1 Karte wählen und die oberste Karte des Stapels ziehen. Banner 5: 1 Karte wählen. Das oberste Banner wählt zuerst.',
    ],
  },
  quarry: {
    body: [
      'Auktion. Das höchste Gebot bekommt beide dort liegenden Karten und 1 SP. Karten, die niemand gewinnt, bleiben für die nächste Runde liegen.',
    ],
  },
  smallTemple: {
    body: ['Auktion. Das höchste Gebot bekommt beide dort liegenden Karten und 1 Entdeckungspunkt.'],
  },
  ruins: {
    body: ['Auktion. Das höchste Gebot bekommt beide dort liegenden Karten und 1 Münze.'],
  },
  blackMarket: {
    body: [
      'Auktion nur für Abenteurer. Wer gewinnt, darf eine Karte aus der Hand für 7 Münzen verkaufen. Das ist keine Lieferung: keine SP und kein Kartenbonus.',
    ],
  },
  village: {
    body: [
      'Drei Banner: das erste kostet 2 und nimmt einen Abenteurer, das zweite kostet 2 und nimmt einen Archäologen, das dritte kostet 1 und nimmt einen Archäologen. Jedes Banner nimmt von oben nach unten eine offene Aufwertung.',
    ],
  },
  harbour: {
    body: [
      'Offen für alle, beliebige Figuren, aber jede Figur kostet beim Einsetzen 2 Münzen. Jeder Spieler dort macht eine Lieferung mit bis zu 3 Karten je eigener Figur dort.',
    ],
  },
  ship1: {
    body: ['Auktion. Wer gewinnt, liefert bis zu 6 Karten. Zu zweit und zu dritt ist eines der Schiffe gesperrt.'],
  },
  ship2: {
    body: ['Auktion wie beim ersten Schiff; es wird danach aktiviert. Wer gewinnt, liefert bis zu 6 Karten.'],
  },
  delivery: {
    title: 'Liefern und Entdecken',
    body: ['Karten auf der Hand sind nichts wert, bis du sie lieferst; Entdeckungspunkte zahlen sich unterwegs aus.'],
  },
  deliver: {
    title: 'Karten liefern',
    body: [
      'Im Büro des Hafenmeisters und auf einem Schiff darfst du Karten aus deiner Hand liefern; danach werden sie abgelegt. Jede Art zählt danach, wie viele Karten davon du zusammen lieferst:',
      'Steinkrüge 1 / 3 / 5 SP, Waffen 1 / 3 / 6, Steintafeln 2 / 4 / 7, Skulpturen 2 / 5 / 8, Mumien 3 / 6 / 10 für 1 / 2 / 3 Karten. Mehr als drei einer Art zählen als volle Dreiersätze plus den Rest.',
      'Jede gelieferte Karte bringt zudem ihren Bonus: 1 Münze, 1 Entdeckungspunkt oder 1 SP. Die Vorschau am Tisch zeigt genau, was eine Lieferung einbringt, Aufwertungen eingeschlossen.',
    ],
  },
  discovery: {
    title: 'Entdeckungsleiste',
    body: [
      'Jeder Entdeckungspunkt rückt deinen Marker ein Feld auf der Leiste vor (0 bis 14). Erreichst oder überschreitest du ein gerades Feld, gibt es: 2: 1 SP, 4: 2 Münzen, 6: eine Aufwertung, 8: 2 SP, 10: 3 Münzen, 12: eine Aufwertung, 14: 4 SP.',
    ],
  },
  upgrades: {
    title: 'Aufwertungen',
    body: [
      'Dauerhafte Aufwertungen wirken, sobald du sie hast; du darfst zwei behalten. Bekommst du eine dritte, wirf eine der drei ab. Ein zweites Exemplar einer Aufwertung, die du schon hast, wird sofort abgelegt.',
      'Aufwertungen mit rotem Kreuz geben ihren Bonus einmal und kommen dann auf deinen Ablagestapel. Jede Aufwertung, die du je bekommen hast, zählt am Ende: 1 SP für eine dauerhafte, 2 SP für eine mit rotem Kreuz.',
    ],
  },
  reroll2: { body: ['Einmal pro Runde nach dem Würfeln: bis zu zwei deiner Figuren neu werfen.'] },
  rerollAll: { body: ['Einmal pro Runde nach dem Würfeln: alle deine Figuren neu werfen oder keine.'] },
  templeDiscount: { body: ['Tempelbanner kosten dich 1 Münze weniger (nie unter 0).'] },
  templeDraw: {
    body: ['Auf den Tempelbannern 3 und 4 ziehst du zwei Karten statt einer: eine behältst du, die andere kommt unter den Stapel.'],
  },
  extraCard: { body: ['Jede deiner Lieferungen im Büro des Hafenmeisters und auf einem Schiff darf eine Karte mehr enthalten.'] },
  tabletCoins: { body: ['2 Münzen für jede Steintafel, die du lieferst.'] },
  jarSet: { body: ['Eine Lieferung mit drei oder mehr Steinkrügen bringt 1 Münze und 3 SP extra (einmal pro Lieferung).'] },
  weaponSet: { body: ['Eine Lieferung mit drei oder mehr Waffen bringt 2 Münzen und 2 SP extra (einmal pro Lieferung).'] },
  mixedSet: {
    body: ['Eine Lieferung mit mindestens einem Steinkrug, einer Waffe und einer Steintafel bringt 4 SP extra (einmal pro Lieferung).'],
  },
  coinsToVp: {
    body: ['Immer wenn du eine Entscheidung triffst, und noch einmal vor der Schlusswertung: 2 Münzen gegen 1 SP, so oft du willst.'],
  },
  coinsToDiscovery: {
    body: [
      'Immer wenn du eine Entscheidung triffst, und noch einmal vor der Schlusswertung: 3 Münzen gegen 1 Entdeckungspunkt, so oft du willst.',
    ],
  },
  instantCoins: { body: ['Rotes Kreuz: Nimm 5 Münzen, dann lege das Plättchen ab.'] },
  instantDiscovery: { body: ['Rotes Kreuz: Nimm 1 Entdeckungspunkt, dann lege das Plättchen ab.'] },
  scoring: {
    title: 'Wertung',
    body: [
      'Am Ende addiert jeder zu seinen SP auf der Siegpunkteleiste: 2 SP für den Startspielermarker, 1 SP je 3 Münzen und die SP aller Aufwertungen, die er bekommen hat.',
    ],
  },
  end: {
    title: 'Spielende',
    body: [
      'Das Spiel endet sofort, nachdem Runde 5 aktiviert wurde. Die meisten SP gewinnen; bei Gleichstand, wer auf der Entdeckungsleiste weiter vorn ist; sonst teilen sich die Spieler den Sieg.',
    ],
  },
  'two-players': {
    title: 'Zu zweit',
    body: [
      'Jeder hat einen Expeditionsleiter und 5 Team-Figuren. Ein Schiff, das dritte Dorfbanner und das dritte Aufwertungsfeld des Dorfes sind gesperrt.',
      'Ein neutraler Automaton spielt eine dritte Farbe und punktet nie. Zu Beginn und in jeder Phase 4 setzt seine oberste Karte kostenlos 6 Figuren ein: 2 auf Tempelbanner, 3 auf eine Ausgrabungsstätte und 1 auf den Schwarzmarkt oder das offene Schiff. Seine Banner sind für euch gesperrt.',
      'Seine Figuren lassen sich wie jedes Gebot überbieten: mehr Figuren derselben Art; dann verlassen sie den Ort für diese Runde. Bei der Aktivierung nimmt er im Tempel die besten Karten (zuerst Mumien, dann Skulpturen, Steintafeln, Waffen, Steinkrüge) und wirft sie ab; auf einer Ausgrabungsstätte, die er noch hält, werden beide Karten abgeworfen; auf dem Schwarzmarkt oder einem Schiff geschieht nichts.',
    ],
  },
  ratings,
};

export default de;
