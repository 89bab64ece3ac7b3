//! The Ataxx board: files a-g, ranks 7 (top) to 1; stones ● x and ○ o,
//! blocked cells shaded.

use super::{Action, Ataxx, Position, SIZE};
use crate::game::counted;
use crate::game::drawing::{Drawing, Picture, Spots, Unit, board_text, letters, numbers};
use crate::game::{Notation, Player, run_length};

impl Drawing for Ataxx {
    fn setup(&self, cells: &str, to_move: Player) -> Option<Result<Position, String>> {
        let side = if to_move == Player::First { 'x' } else { 'o' };
        let board = board_text(cells, SIZE, SIZE, run_length, "/");
        Some(board.and_then(|b| self.parse_position(&format!("{b} {side} 0 1")).map_err(|e| e.0)))
    }

    fn picture(&self) -> Picture {
        Picture::grid(
            letters(b'a', SIZE),
            numbers(SIZE, SIZE, true),
            |_, _| false,
            vec![
                Unit { glyph: "●", ..Unit::plain('x', "x stone", "x", ["#222", "#000"]) },
                Unit { glyph: "○", ..Unit::plain('o', "o stone", "o", ["#fff", "#000"]) },
                Unit {
                    mark: "■",
                    glyph: "░",
                    covers: true,
                    ..Unit::plain('-', "blocked cell", "#", ["#999", "#666"])
                },
            ],
        )
    }

    fn cells(&self, pos: &Position) -> String {
        (0..SIZE * SIZE)
            .map(|i| {
                let bit = 1u64 << i;
                [(pos.x, 'x'), (pos.o, 'o'), (pos.blocked, '-')]
                    .iter()
                    .find(|(m, _)| m & bit != 0)
                    .map_or('.', |p| p.1)
            })
            .collect()
    }

    /// A clone puts a new stone on its cell; a jump moves one.
    fn spots(&self, _: &Position, action: Action) -> Spots {
        match action {
            Action::Clone(t) => Spots { from: None, to: Some(usize::from(t)) },
            Action::Jump(f, t) => Spots { from: Some(usize::from(f)), to: Some(usize::from(t)) },
            Action::Pass => Spots::default(),
        }
    }

    /// The stones each side has, and the number of the move to play.
    fn tally(&self, pos: &Position) -> Option<String> {
        let (x, o) = Ataxx::counts(pos);
        Some(format!(
            "x {}, o {}; move {}",
            counted(x, "stone", "stones"),
            counted(o, "stone", "stones"),
            pos.fullmove
        ))
    }
}
