import type { RRHelpId } from '../../../relic-runners/help-outline.js';
import type { HelpContent } from '../../outline.js';
import ratings from '../ratings/de.js';

// Relic Runners mit eigenen Worten, nach docs/rules/relic-runners.md; Begriffe der deutschen Regel.
const de: HelpContent<RRHelpId> = {
  goal: {
    title: 'Ziel',
    body: [
      'Du führst einen Entdecker durch den Dschungel rund um das Basislager. Erforsche Ruinen und Tempel, lege Wegstücke, auf denen du schnell vorankommst, und bringe auf Expeditionen Schätze von einem Heiligtum zum nächsten.',
      'Wer am Ende die meisten Siegpunkte (SP) hat, gewinnt. Deine SP bleiben bis zur Schlusswertung vor den anderen verborgen.',
    ],
  },
  setup: {
    title: 'Spielaufbau',
    body: [
      'Jeder Entdecker beginnt im Basislager mit 3 Tagesrationen, 10 Wegstücken im Vorrat und 1 Werkzeugkiste unten auf der Fortschrittstabelle (2 weitere warten in der Reserve). Im Basislager liegen 2 Tagesrationen pro Spieler.',
      'Auf jede der 8 Ruinen kommt ein Stapel aus 3 Ruinenplättchen. Die 12 Tempel bekommen Stapel aus elfenbeinfarbenen, blauen oder violetten Tempelplättchen: groß unten, dann mittel, klein oben (4 Tempel je Farbe). Zu zweit sind alle Stapel ein Plättchen niedriger.',
      'Auf jedem der 10 Flusspfade liegt ein Werkzeugkistenplättchen mit der farbigen Seite nach oben. Das oberste Plättchen jedes violetten Tempels liegt offen, alle anderen Stapel verdeckt.',
    ],
  },
  turn: {
    title: 'Dein Zug',
    body: [
      'In jedem Zug musst du dich bewegen; danach darfst du den Ort erforschen, an dem du stehst. Einmal pro Zug darfst du vor oder nach einem dieser Schritte eine Werkzeugkiste deiner Fortschrittstabelle einsetzen.',
    ],
  },
  move: {
    title: 'Bewegen',
    body: [
      'Ein Pfad ist dir bekannt, wenn eines deiner Wegstücke darauf liegt. In einer Bewegung darfst du eine beliebige Kette bekannter Pfade gehen und höchstens einen unbekannten Pfad, und zwar vor oder nach der Kette, nicht mittendrin.',
      'Du musst mindestens einen Pfad benutzen und darfst nicht dort enden, wo du begonnen hast. Jeder Pfad darf pro Zug nur einmal benutzt werden, Orte aber mehrmals durchquert. Andere Entdecker halten dich nie auf.',
      'Das Basislager hält dich an: Erreichst du es, endet deine Bewegung dort. Flusspfade gelten als normale Pfade; gehst du aber einen, dessen Plättchen farbig liegt, wird es umgedreht und bringt dir Schritte für deine Werkzeugkisten.',
    ],
  },
  explore: {
    title: 'Erforschen',
    body: [
      'Nach der Bewegung darfst du 1 Tagesration abgeben (sie geht zurück ins Basislager), um die Ruine oder den Tempel zu erforschen, auf dem du stehst, solange dort noch Plättchen liegen. Ohne Tagesration kein Erforschen.',
      'Endet deine Bewegung im Basislager, bekommst du kostenlos 3 Tagesrationen (nie mehr als 5 auf deiner Tafel und nur so viele, wie das Lager hat), und dein Zug endet sofort.',
    ],
  },
  ruins: {
    title: 'Ruinen',
    body: [
      'Nimm das oberste Ruinenplättchen ab und lege ein Wegstück aus deinem Vorrat auf einen Pfad, der an diese Ruine grenzt. Auf einem Pfad dürfen nie zwei deiner eigenen Wegstücke liegen; Wegstücke verschiedener Spieler dürfen sich einen Pfad teilen.',
    ],
  },
  temples: {
    title: 'Tempel',
    body: [
      'Elfenbeinfarben: Nimm das oberste Plättchen und lege es offen vor dich. Du darfst von jeder Größe nur eines besitzen; bekommst du ein zweites derselben Größe, behältst du eines, wirfst das andere ab und erhältst 2 SP.',
      'Blau: Nimm das oberste Plättchen verdeckt. Es ist am Ende 2 bis 5 SP wert, und nur du kennst seinen Wert.',
      'Violett: Das oberste Plättchen liegt offen. Nimm es, führe es aus, wirf es ab und decke das nächste Plättchen dieses Tempels auf.',
    ],
  },
  shrines: {
    title: 'Heiligtümer und Schätze',
    body: [
      'Wird das letzte Plättchen einer Ruine oder eines Tempels genommen, erscheint darunter ein Heiligtum mit einem Schatz: grün bei Ruinen, in der Farbe des Tempels bei Tempeln. Ein Heiligtum kann nicht mehr erforscht werden, du kannst es aber durchqueren oder dort anhalten.',
    ],
  },
  expeditions: {
    title: 'Expeditionen',
    body: [
      'Beginnst du deinen Zug auf einem Heiligtum mit einem Schatz und endet deine Bewegung auf einem anderen Heiligtum mit einem Schatz derselben Farbe, darfst du diesen Schatz nehmen. Eine Tagesration brauchst du dafür nicht.',
      'Dafür gibt es 2 SP für jeden Pfad, den du in diesem Zug gegangen bist: Lange Wege lohnen sich. Sprünge (PU-5, IV2-6) benutzen keinen Pfad und zählen nicht. Der Schatz, auf dem du gestartet bist, bleibt liegen.',
    ],
  },
  rations: {
    title: 'Tagesrationen',
    body: [
      'Auf deiner Entdecker-Tafel liegen nie mehr als 5 Tagesrationen. Jede Ration, die du bekommst, stammt aus dem Basislager, und du erhältst nur, was dort noch liegt; ausgegebene Rationen gehen dorthin zurück.',
    ],
  },
  toolboxes: {
    title: 'Werkzeugkisten und Fortschrittstabelle',
    body: [
      'Die Tabelle hat drei Spalten (Machete, Kompass, Schaufel) mit je drei Stufen über einer unteren Reihe. Am Ende deiner Bewegung wird jedes farbige Werkzeugkistenplättchen der benutzten Flusspfade umgedreht, und du erhältst je Plättchen einen Schritt, um deine Werkzeugkisten nach oben zu schieben. Eine Kiste, die die untere Reihe verlässt, wählt eine Spalte und bleibt darin. Du musst so viele Schritte nutzen wie möglich.',
      'Drehst du das letzte farbige Plättchen des Spielplans um, werden alle zehn wieder farbig, und du erhältst einen Schritt mehr.',
      'Einmal pro Zug darfst du eine Werkzeugkiste auf einer Stufe einsetzen: Sie kehrt in die untere Reihe zurück, und du führst die Aktion ihrer Stufe aus. Das geht nur, wenn die Aktion vollständig möglich ist.',
    ],
  },
  'RR-TB-1': { title: 'Machete 1', body: ['Erforsche den Tempel, auf dem du stehst, ohne eine Tagesration abzugeben.'] },
  'RR-TB-2': { title: 'Machete 2', body: ['Nimm 2 Tagesrationen aus dem Basislager.'] },
  'RR-TB-3': { title: 'Machete 3', body: ['4 SP für jeden Schatz, den du besitzt (zwei derselben Farbe zählen doppelt).'] },
  'RR-TB-4': { title: 'Kompass 1', body: ['Versetze eines deiner Wegstücke vom Spielplan auf einen beliebigen anderen Pfad.'] },
  'RR-TB-5': { title: 'Kompass 2', body: ['Versetze zwei deiner Wegstücke vom Spielplan auf andere Pfade.'] },
  'RR-TB-6': {
    title: 'Kompass 3',
    body: ['2 SP für jedes Wegstück deiner längsten ununterbrochenen Kette aus Wegstücken. Eine Kette führt nicht durch das Basislager.'],
  },
  'RR-TB-7': { title: 'Schaufel 1', body: ['Stelle eine Werkzeugkiste aus deiner Reserve in die untere Reihe oder erhalte 2 SP.'] },
  'RR-TB-8': {
    title: 'Schaufel 2',
    body: ['Lege ein Wegstück aus deinem Vorrat auf einen Pfad, der an den Ort deines Entdeckers grenzt.'],
  },
  'RR-TB-9': {
    title: 'Schaufel 3',
    body: [
      'Verdopple alle SP, die du in diesem Zug erhältst, vor und nach dem Einsatz. Jedes blaue Plättchen, das du in diesem Zug genommen hast, wird allen gezeigt, und sein Wert zählt jetzt noch einmal.',
    ],
  },
  ivory: {
    title: 'Elfenbeinfarbene Plättchen',
    body: [
      'Elfenbeinfarbene Plättchen liegen offen vor dir, höchstens eines je Größe. Große Plättchen zählen am Ende, mittlere setzt du einmal ein und wirfst sie dann ab, kleine wirken jedes Mal, wenn ihr Moment kommt.',
    ],
  },
  'IV1-1': { body: ['Am Ende: 3 SP für jedes elfenbeinfarbene Plättchen, das du besitzt, dieses eingeschlossen.'] },
  'IV1-2': { body: ['Am Ende: 2 SP für jede Tagesration, die noch auf deiner Entdecker-Tafel liegt.'] },
  'IV1-3': {
    body: ['Am Ende: 5 SP für jeden Schatz über den ersten seiner Farbe hinaus (zwei blaue Schätze bringen 5, drei bringen 10).'],
  },
  'IV1-4': { body: ['Am Ende: 1 SP für jedes deiner Wegstücke auf dem Spielplan.'] },
  'IV1-5': {
    body: ['Am Ende: 4 SP für jede Werkzeugkiste auf deiner Fortschrittstabelle, untere Reihe eingeschlossen (nicht die in der Reserve).'],
  },
  'IV1-6': {
    body: [
      'Wenn das Spiel endet, darfst du dieses Plättchen abwerfen und nach dem letzten Spieler noch einen Zug machen. Dafür gibt es keine 2 SP.',
    ],
  },
  'IV2-1': { body: ['Einmalig: In einer Bewegung darf dein einziger unbekannter Pfad mitten in der Kette deiner bekannten Pfade liegen.'] },
  'IV2-2': {
    body: [
      'Einmalig beim Erforschen eines Tempels: Sieh dir geheim alle seine Plättchen an und nimm das, das du willst. Die übrigen behalten ihre Reihenfolge.',
    ],
  },
  'IV2-3': { body: ['Einmalig zu Beginn deines Zuges: Fülle deine Tagesrationen aus dem Basislager auf 5 auf.'] },
  'IV2-4': {
    body: [
      'Einmalig, wenn du ein Wegstück aus dem Vorrat legst: Lege stattdessen zwei, beide an Pfade, die an den Ort deines Entdeckers grenzen.',
    ],
  },
  'IV2-5': {
    body: [
      'Einmalig, wenn du ein Wegstück aus dem Vorrat legst (durch eine Ruine, Schaufel 2 oder PU-7): Lege es auf einen beliebigen Pfad des Spielplans statt neben dich.',
    ],
  },
  'IV2-6': {
    body: [
      'Einmalig statt einer normalen Bewegung: Springe vom Tempel, auf dem du stehst, zu einem anderen Tempel derselben Farbe ohne Schatz. Das ist deine Bewegung, aber ohne Pfad.',
    ],
  },
  'IV3-1': { body: ['Jedes Mal, wenn du ein Wegstück aus deinem Vorrat legst: 1 SP. Versetzen zählt nicht.'] },
  'IV3-2': { body: ['Jedes Mal, wenn du als Erster eine Ruine oder einen Tempel erforschst (der Stapel ist noch vollständig): 1 SP.'] },
  'IV3-3': {
    body: [
      'Jedes Mal, wenn dir das Erforschen eines Tempels SP bringt: 1 SP mehr, einmal pro Erforschung. Auch das Nehmen eines blauen Plättchens zählt.',
    ],
  },
  'IV3-4': { body: ['Jedes Mal, wenn ein Gegner eines seiner Wegstücke auf dem Spielplan versetzt: 1 Tagesration für dich.'] },
  'IV3-5': { body: ['Jedes Mal, wenn du ins Basislager zurückkehrst: 1 Tagesration mehr als sonst.'] },
  'IV3-6': {
    body: [
      'Jedes Mal, wenn du das Basislager verlässt, musst du ein beliebiges Werkzeugkistenplättchen umdrehen, in die Richtung deiner Wahl. Das bringt keine Schritte, außer es war das letzte farbige.',
    ],
  },
  purple: {
    title: 'Violette Plättchen',
    body: [
      'Violette Plättchen liegen offen auf ihrem Tempel: Alle sehen, was die nächste Erforschung dort bewirkt. Du führst es sofort aus und wirfst das Plättchen ab.',
    ],
  },
  'PU-1': { body: ['Erhalte 3 SP.'] },
  'PU-2': { body: ['Schiebe eine deiner Werkzeugkisten auf der Tabelle einen Schritt nach oben (sofern eine kann).'] },
  'PU-3': { body: ['Nimm 2 Tagesrationen aus dem Basislager.'] },
  'PU-4': { body: ['Stelle eine Werkzeugkiste aus deiner Reserve in die untere Reihe deiner Tabelle (sofern du noch eine hast).'] },
  'PU-5': {
    body: [
      'Springe ins Basislager und nimm 3 Tagesrationen. Anders als bei einer Bewegung ins Lager geht dein Zug weiter: Du darfst noch eine Werkzeugkiste einsetzen.',
    ],
  },
  'PU-6': { body: ['Versetze eines deiner Wegstücke auf dem Spielplan auf einen beliebigen anderen Pfad.'] },
  'PU-7': {
    body: [
      'Du musst die Aktion einer benachbarten Ruine oder eines benachbarten Tempels mit Plättchen ausführen, als stündest du dort; auch dort wird das oberste Plättchen entfernt. Ein Wegstück, das du so legst, kommt an den violetten Tempel, auf dem du stehst. Gibt es keinen solchen Nachbarn, geschieht sonst nichts (eine fürs Erforschen abgegebene Tagesration bekommst du nicht zurück).',
    ],
  },
  'PU-8': {
    body: [
      'Drehe bis zu zwei Werkzeugkistenplättchen irgendwo um, jedes in die Richtung deiner Wahl. Keine Schritte, außer du drehst das letzte farbige auf Grau.',
    ],
  },
  scoring: {
    title: 'Wertung',
    body: [
      'Während des Spiels bringen violette Plättchen, Aktionen der Fortschrittstabelle, abgeworfene elfenbeinfarbene Plättchen, kleine elfenbeinfarbene Plättchen und Expeditionen SP.',
      'Am Ende zählt jeder zusammen: die SP aus dem Spiel, die Werte seiner blauen Plättchen, 5 SP für jede verschiedene Schatzfarbe (grün, elfenbein, blau, violett) und die Boni seiner großen elfenbeinfarbenen Plättchen.',
    ],
  },
  end: {
    title: 'Spielende',
    body: [
      'Das Ende naht, wenn alle zusammen 7 Schätze (2 Spieler), 8 (3 Spieler), 9 (4 Spieler) oder 10 (5 Spieler) gesammelt haben. Wer den letzten genommen hat, beendet seinen Zug; danach macht jeder andere der Reihe nach noch einen Zug. Expeditionen zählen weiterhin.',
      'Dann darf, wer IV1-6 besitzt, noch einen Zug machen. Die meisten SP gewinnen; bei Gleichstand mehr Schätze, dann mehr Schatzfarben; sonst teilen sich die Spieler den Sieg.',
    ],
  },
  ratings,
};

export default de;
