//! The narrator's words, by line id, in Italian and English. `{0}`, `{1}`…
//! are the cue's parameters.

use crate::games::Lang;

/// `(id, italiano, English)`.
const LINES: &[(&str, &str, &str)] = &[
    // Avalon: the night.
    (
        "avalon.night.close_all",
        "Scende la notte su Camelot. Ognuno chiuda gli occhi e posi un pugno chiuso sul tavolo.",
        "Night falls on Camelot. Everyone, close your eyes and rest a closed fist on the table.",
    ),
    (
        "avalon.night.evil_open",
        "Servitori di Mordred, aprite gli occhi e riconoscete i vostri complici.",
        "Servants of Mordred, open your eyes and take note of your allies.",
    ),
    (
        "avalon.night.evil_open_but_oberon",
        "Servitori di Mordred, tutti tranne Oberon, aprite gli occhi e riconoscete i vostri complici.",
        "Servants of Mordred, all but Oberon, open your eyes and take note of your allies.",
    ),
    ("avalon.night.evil_close", "Servitori di Mordred, chiudete gli occhi.", "Servants of Mordred, close your eyes."),
    (
        "avalon.night.evil_thumbs",
        "Servitori di Mordred, alzate il pollice: Merlino deve potervi vedere.",
        "Servants of Mordred, raise a thumb so that Merlin can find you.",
    ),
    (
        "avalon.night.evil_thumbs_but_mordred",
        "Servitori di Mordred, tutti tranne Mordred, alzate il pollice: Merlino deve potervi vedere.",
        "Servants of Mordred, all but Mordred himself, raise a thumb so that Merlin can find you.",
    ),
    (
        "avalon.night.merlin_open",
        "Merlino, apri gli occhi: chi ha il pollice alzato serve il Male.",
        "Merlin, open your eyes: every raised thumb serves Evil.",
    ),
    (
        "avalon.night.evil_thumbs_down",
        "Pollici giù, tornate a stringere il pugno.",
        "Thumbs down, and close your fists again.",
    ),
    ("avalon.night.merlin_close", "Merlino, chiudi gli occhi.", "Merlin, close your eyes."),
    (
        "avalon.night.merlin_morgana_thumbs",
        "Merlino e Morgana, alzate il pollice per Percival.",
        "Merlin and Morgana, raise a thumb for Percival.",
    ),
    ("avalon.night.merlin_thumbs", "Merlino, alza il pollice per Percival.", "Merlin, raise a thumb for Percival."),
    (
        "avalon.night.percival_open",
        "Percival, apri gli occhi e guarda bene i pollici alzati.",
        "Percival, open your eyes and mark the raised thumbs.",
    ),
    ("avalon.night.merlin_morgana_thumbs_down", "Merlino e Morgana, pollici giù.", "Merlin and Morgana, thumbs down."),
    ("avalon.night.merlin_thumbs_down", "Merlino, pollice giù.", "Merlin, thumb down."),
    ("avalon.night.percival_close", "Percival, chiudi gli occhi.", "Percival, close your eyes."),
    (
        "avalon.night.lancelot_thumb",
        "Lancillotto del Male, tieni gli occhi chiusi e alza il pollice: i tuoi complici devono riconoscerti.",
        "Evil Lancelot, keep your eyes closed and raise a thumb: your allies must know you.",
    ),
    (
        "avalon.night.evil_open_but_lancelot",
        "Servitori di Mordred, tutti tranne Lancillotto, aprite gli occhi e riconoscete i vostri complici, Lancillotto compreso.",
        "Servants of Mordred, all but Lancelot, open your eyes and take note of your allies, Lancelot among them.",
    ),
    (
        "avalon.night.evil_open_but_oberon_lancelot",
        "Servitori di Mordred, tutti tranne Oberon e Lancillotto, aprite gli occhi e riconoscete i vostri complici, Lancillotto compreso.",
        "Servants of Mordred, all but Oberon and Lancelot, open your eyes and take note of your allies, Lancelot among them.",
    ),
    ("avalon.night.lancelot_thumb_down", "Lancillotto, pollice giù.", "Lancelot, thumb down."),
    (
        "avalon.night.evil_thumbs_but_lancelot",
        "Servitori di Mordred, tutti tranne Lancillotto, alzate il pollice: Merlino deve potervi vedere.",
        "Servants of Mordred, all but Lancelot, raise a thumb so that Merlin can find you.",
    ),
    (
        "avalon.night.evil_thumbs_but_mordred_lancelot",
        "Servitori di Mordred, tutti tranne Mordred e Lancillotto, alzate il pollice: Merlino deve potervi vedere.",
        "Servants of Mordred, all but Mordred and Lancelot, raise a thumb so that Merlin can find you.",
    ),
    (
        "avalon.night.lancelots_open",
        "I due Lancillotto aprano gli occhi e si riconoscano.",
        "Both Lancelots, open your eyes and find each other.",
    ),
    ("avalon.night.lancelots_close", "Lancillotto, chiudete gli occhi.", "Lancelots, close your eyes."),
    (
        "avalon.night.open_all",
        "Sorge il giorno su Camelot: aprite tutti gli occhi.",
        "Day breaks over Camelot: everyone, open your eyes.",
    ),
    // Avalon: setup.
    (
        "avalon.scan.next",
        "{0}, appoggia sul lettore la tua carta personaggio, coperta.",
        "{0}, lay your character card face down on the reader.",
    ),
    (
        "avalon.scan.skipped",
        "Tavola non conoscerà i personaggi: la partita si gioca sulla fiducia.",
        "Tavola will not know the characters: the table plays on trust.",
    ),
    // Avalon: rounds.
    (
        "avalon.round.leader",
        "Missione {1}: guida {0}, che sceglie una squadra di {2}.",
        "Mission {1}: {0} leads and picks a team of {2}.",
    ),
    ("avalon.vote.open", "Votate la squadra con i vostri pulsanti.", "Vote on the team with your buttons."),
    (
        "avalon.round.leader_chooses",
        "Turno {0}: guida {1}, che sceglie la missione e la squadra.",
        "Round {0}: {1} leads and chooses the mission and the team.",
    ),
    (
        "avalon.round.mission_chosen",
        "La squadra tenta la missione {0}, in {1}.",
        "The team attempts mission {0}, with {1} members.",
    ),
    ("avalon.excalibur.given", "Excalibur va a {0}.", "Excalibur goes to {0}."),
    (
        "avalon.excalibur.decide",
        "Le carte sono giù. {0}, con Excalibur puoi cambiare la carta di un altro membro della squadra, o lasciarle come sono.",
        "The cards are down. {0}, with Excalibur you may switch another member's card, or leave them as they are.",
    ),
    ("avalon.excalibur.used", "{0} usa Excalibur sulla carta di {1}.", "{0} uses Excalibur on {1}'s card."),
    ("avalon.excalibur.kept", "{0} non usa Excalibur.", "{0} leaves Excalibur in its sheath."),
    (
        "avalon.private.look_away",
        "Tutti tranne {0} distolgano lo sguardo dallo schermo. {0}, tocca il riquadro coperto per vedere, poi conferma.",
        "Everyone but {0}, look away from the screen. {0}, touch the covered panel to see, then confirm.",
    ),
    (
        "avalon.lady.choose",
        "{0}, la Dama del Lago ti permette di esaminare la lealtà di un giocatore.",
        "{0}, the Lady of the Lake lets you examine one player's loyalty.",
    ),
    (
        "avalon.lady.starts",
        "La Dama del Lago parte da {0}, alla destra del primo leader.",
        "The Lady of the Lake starts with {0}, on the first leader's right.",
    ),
    ("avalon.lady.examines", "{0} esamina {1}.", "{0} examines {1}."),
    (
        "avalon.lady.card",
        "{0}, passa a {1} la carta lealtà della tua parte senza mostrarla agli altri, oppure appoggiala sul lettore.",
        "{0}, hand {1} the loyalty card of your side without showing it to the others, or lay it on the reader.",
    ),
    (
        "avalon.lady.card_tapped",
        "La carta lealtà di {0} è sotto il riquadro coperto.",
        "{0}'s loyalty card is behind the covered panel.",
    ),
    ("avalon.lady.passed", "Ora la Dama del Lago è di {0}.", "The Lady of the Lake now rests with {0}."),
    (
        "avalon.lancelot.no_change",
        "Turno {0}: la carta lealtà dice nessun cambiamento.",
        "Round {0}: the loyalty card says no change.",
    ),
    (
        "avalon.lancelot.switch",
        "Turno {0}: la carta lealtà inverte la fedeltà. I due Lancillotto cambiano schieramento, in segreto.",
        "Round {0}: the loyalty card switches allegiance. The two Lancelots change sides, in secret.",
    ),
    (
        "avalon.host.answered",
        "L'ospite vota al posto di {0}.",
        "The host casts the vote for {0}.",
    ),
    ("avalon.vote.approved", "Squadra approvata, {0} a {1}.", "Team approved, {0} to {1}."),
    (
        "avalon.vote.rejected",
        "Squadra respinta, {0} a {1}. Squadre respinte in questo turno: {2} su 5.",
        "Team rejected, {0} to {1}. Teams rejected this round: {2} of 5.",
    ),
    (
        "avalon.mission.succeeded",
        "La missione {0} è riuscita. Carte Fallimento: {1}.",
        "Mission {0} succeeded. Fail cards: {1}.",
    ),
    (
        "avalon.mission.failed",
        "La missione {0} è fallita. Carte Fallimento: {1}.",
        "Mission {0} failed. Fail cards: {1}.",
    ),
    (
        "avalon.assassin.begin",
        "Il Bene ha compiuto tre missioni. Il Male può consultarsi: l'Assassino indicherà chi crede sia Merlino.",
        "Good has completed three missions. Evil may confer: the Assassin will name the player they believe is Merlin.",
    ),
    ("avalon.assassin.named", "L'Assassino indica {0}.", "The Assassin names {0}."),
    ("avalon.end.merlin_survived", "Merlino è salvo: vince il Bene!", "Merlin is safe: Good wins!"),
    ("avalon.end.three_failures", "Tre missioni fallite: vince il Male.", "Three missions failed: Evil wins."),
    (
        "avalon.end.five_rejections",
        "Cinque squadre respinte nello stesso turno: vince il Male.",
        "Five teams rejected in one round: Evil wins.",
    ),
    (
        "avalon.end.merlin_assassinated",
        "L'Assassino ha trovato Merlino: vince il Male.",
        "The Assassin found Merlin: Evil wins.",
    ),
    // Avalon: the reveal at the end.
    ("avalon.reveal.begin", "Ecco chi era chi.", "Here is who was who."),
    ("avalon.reveal.merlin", "{0} era Merlino.", "{0} was Merlin."),
    ("avalon.reveal.percival", "{0} era Percival.", "{0} was Percival."),
    ("avalon.reveal.servant", "{0} era un Servo Leale di Artù.", "{0} was a Loyal Servant of Arthur."),
    ("avalon.reveal.assassin", "{0} era l'Assassino.", "{0} was the Assassin."),
    ("avalon.reveal.mordred", "{0} era Mordred.", "{0} was Mordred."),
    ("avalon.reveal.morgana", "{0} era Morgana.", "{0} was Morgana."),
    ("avalon.reveal.oberon", "{0} era Oberon.", "{0} was Oberon."),
    ("avalon.reveal.minion", "{0} era un Lacchè di Mordred.", "{0} was a Minion of Mordred."),
    ("avalon.reveal.lancelot-good", "{0} era Lancillotto del Bene.", "{0} was Good Lancelot."),
    ("avalon.reveal.lancelot-evil", "{0} era Lancillotto del Male.", "{0} was Evil Lancelot."),
    (
        "avalon.reveal.lancelots_switched",
        "Alla fine i due Lancillotto erano passati dall'altra parte.",
        "By the end, the two Lancelots had changed sides.",
    ),
    ("avalon.reveal.merlin_was", "Per tutta la partita Merlino è stato {0}.", "All game long, Merlin was {0}."),
    // Shadows over Camelot: announcements.
    ("soc.siege.added", "Una macchina d'assedio in più: ora sono {0}.", "One more siege engine: now {0}."),
    ("soc.siege.removed", "Una macchina d'assedio distrutta: ne restano {0}.", "A siege engine destroyed: {0} left."),
    ("soc.die.rolled", "Il dado dice {0}.", "The die shows {0}."),
    ("soc.sword.white", "Una spada bianca sulla Tavola Rotonda.", "A white sword on the Round Table."),
    ("soc.sword.black", "Una spada nera sulla Tavola Rotonda.", "A black sword on the Round Table."),
    ("soc.sword.flipped", "Una spada bianca diventa nera.", "A white sword turns black."),
    ("soc.quest.won", "Impresa vinta: {0}.", "Quest won: {0}."),
    ("soc.quest.lost", "Impresa perduta: {0}.", "Quest lost: {0}."),
    ("soc.knight.life", "{0} ha ora {1} punti vita.", "{0} now has {1} life points."),
    ("soc.knight.dead", "{0} è caduto.", "{0} has fallen."),
    ("soc.black_card", "Carta nera: {0}.", "Black card: {0}."),
    ("soc.traitor.exposed", "{0} era il traditore, ed è stato smascherato!", "{0} was the traitor, and is exposed!"),
    ("soc.traitor.wrong", "{0} è leale: l'accusa era falsa.", "{0} is loyal: the accusation was false."),
    ("soc.traitor.revealed", "Il traditore era {0}.", "The traitor was {0}."),
    ("soc.end.won", "Camelot è salva: vincono i cavalieri leali!", "Camelot is saved: the loyal knights win!"),
    ("soc.end.lost", "Camelot è caduta.", "Camelot has fallen."),
    // Shadows over Camelot: names said inside other lines.
    ("soc.name.black-knight", "il Cavaliere Nero", "the Black Knight"),
    ("soc.name.lancelot", "l'Armatura di Lancillotto", "Lancelot's Armor"),
    ("soc.name.dragon", "il Drago", "the Dragon"),
    ("soc.name.excalibur", "Excalibur", "Excalibur"),
    ("soc.name.grail", "il Santo Graal", "the Holy Grail"),
    ("soc.name.picts", "la guerra contro i Pitti", "the war against the Picts"),
    ("soc.name.saxons", "la guerra contro i Sassoni", "the war against the Saxons"),
    // Shadows over Camelot: the game as it goes.
    (
        "soc.scan.next",
        "{0}, appoggia sul lettore la tua carta lealtà, a faccia in giù.",
        "{0}, lay your loyalty card face down on the reader.",
    ),
    ("soc.turn.begin", "Tocca a {0}: prima la scelta del Male.", "{0}'s turn: first, the choice of evil."),
    (
        "soc.black_card.choose",
        "Carta nera pescata: scegli se giocarla coperta.",
        "Black card drawn: choose whether it goes face down.",
    ),
    ("soc.black_card.face_down", "Una carta nera coperta su {0}.", "A black card face down on {0}."),
    (
        "soc.black_card.instead",
        "{0}: quell'impresa è conclusa, arriva invece una macchina d'assedio.",
        "{0}: that quest is over, so a siege engine comes instead.",
    ),
    (
        "soc.merlin.offer",
        "Carta nera speciale: {0}. Tre carte Merlino possono fermarla adesso, o mai più.",
        "Special black card: {0}. Three Merlin cards can stop it now, or never.",
    ),
    ("soc.merlin.cancelled", "Tre carte Merlino fermano {0}.", "Three Merlin cards stop {0}."),
    ("soc.special.effect", "{0} entra in gioco.", "{0} takes effect."),
    (
        "soc.siege.fight",
        "{0} affronta una macchina d'assedio con {1} punti. Si tira il dado.",
        "{0} takes on a siege engine with {1} points. Roll the die.",
    ),
    ("soc.kay.offer", "Kay può aggiungere ancora una carta combattimento.", "Kay may add one more fight card."),
    (
        "soc.fight.reveal",
        "Le carte nere si scoprono: {0} per i cavalieri, {1} per il Male.",
        "The black cards are turned over: {0} for the knights, {1} for evil.",
    ),
    ("soc.relic.won", "{0} conquista {1}.", "{0} wins {1}."),
    (
        "soc.sacrifice",
        "{0} sacrifica un punto vita per una seconda azione.",
        "{0} gives up a life point for a second action.",
    ),
    ("soc.accuse", "{0} accusa {1}. {1}, mostra la tua carta lealtà.", "{0} accuses {1}. {1}, show your loyalty card."),
    (
        "soc.knight.dying",
        "{0} sta per cadere. Chi custodisce il Graal può salvarlo, una volta sola.",
        "{0} is about to fall. The Grail's keeper can save them, just once.",
    ),
    ("soc.knight.saved", "{0} beve dal Graal e torna in forze.", "{0} drinks from the Grail and is restored."),
    (
        "soc.final.ask",
        "Dodici spade: prima della conta, il traditore ancora nascosto si riveli.",
        "Twelve swords: before the count, a traitor still hidden must come forward.",
    ),
    (
        "soc.traitor.flips",
        "Il traditore volta {0} spade bianche sul lato nero.",
        "The traitor turns {0} white swords to black.",
    ),
    ("soc.traitor.none", "Nessun traditore sedeva a questa tavola.", "No traitor sat at this table."),
    ("soc.end.siege", "Dodici macchine d'assedio circondano Camelot.", "Twelve siege engines surround Camelot."),
    ("soc.end.black_swords", "Sette spade nere sulla Tavola Rotonda.", "Seven black swords lie on the Round Table."),
    ("soc.end.all_dead", "Nessun cavaliere leale è rimasto in vita.", "No loyal knight is left alive."),
    ("soc.end.count", "Si contano le spade: {0} bianche, {1} nere.", "The swords are counted: {0} white, {1} black."),
    // The table.
    ("table.timer.warning", "Ancora {0} secondi.", "{0} seconds left."),
    ("table.timer.missing", "Tempo scaduto. Mancano ancora: {0}.", "Time is up. Still missing: {0}."),
    (
        "table.timer.discussion_over",
        "Fine della discussione: il leader proponga la squadra.",
        "Discussion time is over: the leader proposes the team.",
    ),
    // The hardware self-test (tavola selftest).
    (
        "selftest.speaker",
        "Prova dell'altoparlante: se mi senti, l'audio funziona.",
        "Speaker test: if you can hear me, the sound works.",
    ),
];

/// Every line id, in the order above.
pub fn all_line_ids() -> impl Iterator<Item = &'static str> {
    LINES.iter().map(|&(id, ..)| id)
}

/// The template for `id` in `lang`.
pub(super) fn template(id: &str, lang: Lang) -> Option<&'static str> {
    LINES.iter().find(|(i, ..)| *i == id).map(|&(_, it, en)| lang.pick(it, en))
}

#[cfg(test)]
mod tests {
    use super::LINES;

    #[test]
    fn ids_are_unique() {
        for (i, (id, ..)) in LINES.iter().enumerate() {
            assert!(!LINES[i + 1..].iter().any(|(other, ..)| other == id), "{id} twice");
        }
    }
}
