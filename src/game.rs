//! The contract between the rules of a game and the search engine.
//!
//! A game knows positions, actions and costs; it knows nothing about trees, files or
//! printing trees. Everything generic (tree building, back-propagation, exports, the
//! CLI) is written once against this trait.

use std::fmt;

/// The two sides. `First` is the side whose cost the engine maximises (black in
/// checkers, X in tic-tac-toe); `Second` minimises it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    First,
    Second,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// Whether this side picks the child of greatest value.
    pub fn maximises(self) -> bool {
        self == Player::First
    }
}

/// A board as rows of one character per cell, `cell(row, col)` giving each: the
/// shape of [`Game::board_rows`] for grid games.
pub fn char_grid(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> char) -> Vec<String> {
    (0..rows).map(|r| (0..cols).map(|c| cell(r, c)).collect()).collect()
}

/// How much of a person's input a message quotes back.
pub const QUOTED: usize = 40;

/// The start of `text` for a message: at most [`QUOTED`] characters, quoted,
/// with `...` when there was more (a line may be a megabyte long).
pub fn quoted_start(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{:?}...", &text[..cut]),
        None => format!("{text:?}"),
    }
}

/// A row of cells with each run of empty cells (`.`) written as its length, as
/// FEN-like notations do: `x..o...` becomes `x2o3`.
pub fn run_length(row: &str) -> String {
    let mut out = String::new();
    let mut run = 0;
    for ch in row.chars() {
        if ch == '.' {
            run += 1;
            continue;
        }
        if run > 0 {
            out.push_str(&run.to_string());
            run = 0;
        }
        out.push(ch);
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
    out
}

/// `n` things in words: "1 stone", "2 stones".
pub fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What a board drawn for a person marks besides the units.
#[derive(Clone, Copy, Debug)]
pub struct Marks<'a, A> {
    /// The action just played: where it started, in ( ), and ended, in [ ].
    pub last: Option<A>,
    /// `targets CELL`: the cell named and its unit's actions, whose ends are
    /// marked instead of the last action.
    pub targets: Option<(&'a str, &'a [A])>,
    /// Plain ASCII, for terminals without box-drawing characters or ●/○.
    pub ascii: bool,
}

impl<A> Marks<'_, A> {
    /// Only the last action marked.
    pub fn after(last: Option<A>, ascii: bool) -> Self {
        Marks { last, targets: None, ascii }
    }
}

/// A position that could not be read, with the reason in words a user can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PositionError {}

/// How a finished game ended, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

/// Games are shared by the threads of a parallel tree build, hence `Sync`; small
/// settings structs, hence `Clone`.
pub trait Game: Sync + Clone {
    type Position: Clone + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;
    type Action: Copy + PartialEq + fmt::Debug + Send + Sync + 'static;
    /// What a tree node keeps of its position, in as few bytes as the game can:
    /// every node holds its own copy. The side to move is left out (the node
    /// knows it already), and so is anything that follows from the rest.
    type Packed: Copy + fmt::Debug + Send + Sync + 'static;

    /// The copy of `pos` a tree node keeps.
    fn pack(&self, pos: &Self::Position) -> Self::Packed;

    /// The position a node's copy stands for, with `to_move` to move:
    /// `unpack(&pack(p), to_move(p)) == p`.
    fn unpack(&self, packed: &Self::Packed, to_move: Player) -> Self::Position;

    /// The name used on the command line and in exports.
    fn name(&self) -> &'static str;

    fn start(&self) -> Self::Position;

    fn to_move(&self, pos: &Self::Position) -> Player;

    /// Clears `out` and fills it with the legal actions of the side to move, in the
    /// game's defined order (the order children appear in the tree). Empty when the
    /// game is over or the side to move cannot act.
    fn actions(&self, pos: &Self::Position, out: &mut Vec<Self::Action>);

    /// Whether the side to move has at least one action. Games override it when they
    /// can answer faster than by generating every action.
    fn has_actions(&self, pos: &Self::Position) -> bool {
        let mut v = Vec::new();
        self.actions(pos, &mut v);
        !v.is_empty()
    }

    fn apply(&self, pos: &Self::Position, action: Self::Action) -> Self::Position;

    /// How many actions the side to move has: perft's last ply counts these
    /// without listing or applying them. Games override it when they can count
    /// faster than they list (with population counts of bit masks).
    fn count_actions(&self, pos: &Self::Position) -> u64 {
        let mut v = Vec::new();
        self.actions(pos, &mut v);
        v.len() as u64
    }

    /// Static cost of a position whose side to move can act (positive favours `First`).
    fn heuristic(&self, pos: &Self::Position) -> i32;

    /// Cost of a position whose side to move has no action: the game is over.
    fn terminal_cost(&self, pos: &Self::Position) -> i32;

    /// The cost the search uses for a position; `can_act` is `has_actions(pos)`,
    /// passed in because the caller usually knows it already.
    fn cost(&self, pos: &Self::Position, can_act: bool) -> i32 {
        if can_act { self.heuristic(pos) } else { self.terminal_cost(pos) }
    }

    /// The position `action` leads to from `pos`, and its cost: all that a tree
    /// needs of a leaf.
    #[inline]
    fn leaf(&self, pos: &Self::Position, action: Self::Action) -> (Self::Position, i32) {
        let p = self.apply(pos, action);
        let cost = self.cost(&p, self.has_actions(&p));
        (p, cost)
    }

    /// [`Game::leaf`] of each of `actions`, all the actions of `pos`, in order. Most
    /// of a deep tree's nodes are leaves, and most of a leaf's cost is finding out
    /// whether its side to move can act; games override this when, knowing the
    /// parent and all its actions, they can tell that more cheaply.
    #[inline]
    fn leaves<'s>(
        &'s self,
        pos: &'s Self::Position,
        actions: &'s [Self::Action],
    ) -> impl ExactSizeIterator<Item = (Self::Position, i32)> + 's {
        actions.iter().map(move |&a| self.leaf(pos, a))
    }

    /// How the game ended when the side to move has no action. The default is the
    /// rule of checkers: a side that cannot act has lost.
    fn terminal_outcome(&self, _pos: &Self::Position) -> Outcome {
        Outcome::Loss
    }

    /// The depth the machine searches to when none is given.
    fn default_depth(&self) -> u8;

    fn format_action(&self, action: Self::Action) -> String;

    /// The legal action written `text` in the game's notation, or why there is none.
    fn parse_action(&self, pos: &Self::Position, text: &str) -> Result<Self::Action, String> {
        let mut legal = Vec::new();
        self.actions(pos, &mut legal);
        let wanted = text.trim();
        let find = |w: &str| legal.iter().copied().find(|&a| self.format_action(a).eq_ignore_ascii_case(w));
        let original = || self.original_notation(pos, wanted).and_then(|t| find(&t));
        find(wanted).or_else(original).ok_or_else(|| {
            if legal.is_empty() {
                format!("{wanted:?} is not legal: the game is over")
            } else {
                self.why_illegal(pos, wanted)
            }
        })
    }

    /// Every action a person may play at `pos`, where [`Game::actions`] gives
    /// only the ones the machine considers (Gomoku's points near the stones);
    /// `None` where the two are the same.
    fn every_action(&self, pos: &Self::Position) -> Option<Vec<Self::Action>> {
        let _ = pos;
        None
    }

    /// `text` in this game's own notation, if it is written in the original
    /// program's (Ataxx's `a7b6` for the clone `b6`, niujiao's `02` for
    /// `0-2`), so that people may type either.
    fn original_notation(&self, pos: &Self::Position, text: &str) -> Option<String> {
        let _ = (pos, text);
        None
    }

    /// Why `text` is no legal action at `pos` (which has some), in one line for
    /// a person: not your stone, taken, too far... The full list is for `moves`.
    fn why_illegal(&self, pos: &Self::Position, text: &str) -> String {
        let _ = pos;
        format!("{text:?} is not a legal action here (moves lists them)")
    }

    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;

    fn format_position(&self, pos: &Self::Position) -> String;

    /// The board as rows of text, in the order the game's notation lists them; used
    /// by the JSON export and by board drawings in DOT labels.
    fn board_rows(&self, pos: &Self::Position) -> Vec<String>;

    /// The name a game gives to a side ("black", "x", ...), for exports.
    fn player_name(&self, player: Player) -> &'static str;

    /// Whose point of view values take and how they are scored, with the settings
    /// in force: one sentence for the head of every export.
    fn evaluation(&self) -> String {
        format!(
            "values favour {} (who maximises) when positive and {} (who minimises) when negative",
            self.player_name(Player::First),
            self.player_name(Player::Second)
        )
    }

    /// The board for a person at a terminal: with coordinates, several lines.
    fn draw(&self, pos: &Self::Position) -> String;

    /// The board for a person playing: the last action marked, or the targets
    /// of one unit, where the game can show them; box-drawing characters unless
    /// `marks.ascii`. Games without marks draw [`Game::draw`].
    fn draw_marked(&self, pos: &Self::Position, marks: &Marks<'_, Self::Action>) -> String {
        let _ = marks;
        self.draw(pos)
    }

    /// The same game, evaluating for `machine`: for games whose evaluation depends
    /// on which side is searching (Gomoku's defence weight).
    fn for_machine(&self, machine: Player) -> Self {
        let _ = machine;
        self.clone()
    }

    /// Reorders `actions` so that a pruning search meets the likely best ones first.
    /// Only the implicit search uses it; trees keep the defined order.
    fn order_for_search(&self, pos: &Self::Position, actions: &mut [Self::Action]) {
        let _ = (pos, actions);
    }

    /// Whether a person may play `action` here. Usually exactly the generated actions;
    /// a game whose search considers fewer moves than the rules allow (Gomoku's
    /// candidates near stones) says so here.
    fn is_legal(&self, pos: &Self::Position, action: Self::Action) -> bool {
        let mut v = Vec::new();
        self.actions(pos, &mut v);
        v.contains(&action)
    }

    /// The legal actions found the slow, literal way, independently of [`Game::actions`],
    /// for checking it (tests and fuzz targets); `None` where a game has none.
    fn reference_actions(&self, pos: &Self::Position) -> Option<Vec<Self::Action>> {
        let _ = pos;
        None
    }

    /// The actions of the unit on the cell named `from` ("where can this stone
    /// go?"): `None` for a game whose units never move, else the actions (at
    /// least one) or why there are none (an empty cell, the opponent's stone,
    /// a stone with nowhere to go, no such cell).
    fn actions_from(&self, pos: &Self::Position, from: &str) -> Option<Result<Vec<Self::Action>, String>> {
        let _ = (pos, from);
        None
    }

    /// The rules in a few lines, for `gametree rules GAME`.
    fn rules(&self) -> &'static str;

    /// Why the game is over at `pos` (which has no actions), for a person:
    /// "x has no move left", "five in a row at e14..i14", "the board is full".
    fn why_over(&self, pos: &Self::Position) -> String {
        format!("{} has no move left", self.player_name(self.to_move(pos)))
    }

    /// Whether `action` is a pass (Ataxx's 0000, the one action of a side that
    /// cannot move).
    fn is_pass(&self, action: Self::Action) -> bool {
        let _ = action;
        false
    }

    /// The score as a person counts it, where the game keeps one (Ataxx's stones).
    fn score(&self, pos: &Self::Position) -> Option<String> {
        let _ = pos;
        None
    }

    /// The least value, in size, that only a game won by force can have: the
    /// search found a win (positive) or a loss within its depth. Heuristic
    /// values stay below it.
    fn decided_at(&self) -> i32 {
        i32::MAX
    }

    /// About how many positions a search examines per second on a typical
    /// machine. A seeded machine counts its thinking time in positions at
    /// this rate, so that the same seed plays the same game on any machine.
    fn positions_per_second(&self) -> u64 {
        20_000_000
    }

    /// Whether a search value says the game is won or lost by force.
    fn is_decided(&self, value: i32) -> bool {
        value.unsigned_abs() >= self.decided_at().unsigned_abs()
    }

    /// Play's rules that end a drawn endgame, in a game that does not end by
    /// itself (checkers' shuffling towers). Only `play`, `match` and replay
    /// apply them: the search and the course protocol do not. `None`: the
    /// game always ends by its own rules.
    fn draw_rules(&self) -> Option<DrawRules> {
        None
    }

    /// Whether `action` at `pos` can never be taken back by later actions (a
    /// capture, a crowning): it restarts the count of
    /// [`DrawRules::quiet_plies`].
    fn is_irreversible(&self, pos: &Self::Position, action: Self::Action) -> bool {
        let _ = (pos, action);
        true
    }
}

/// How play ends a game that could go on for ever: see [`Game::draw_rules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// The same position (the same side to move) this many times is a draw.
    pub repetitions: usize,
    /// This many plies in a row without an irreversible action is a draw.
    pub quiet_plies: usize,
    /// What an irreversible action is, in words: "a capture or a crowning".
    pub irreversible: &'static str,
}
