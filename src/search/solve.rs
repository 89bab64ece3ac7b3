//! Exact solutions of small games by retrograde analysis over every reachable
//! position.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use crate::game::{Game, Outcome};

/// The result of best play, from the side to move's point of view. `plies` counts
/// actions to the end: the winner hurries, the loser delays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solution {
    Win { plies: u32 },
    Loss { plies: u32 },
    Draw,
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Solution::Win { plies } => write!(f, "win in {plies}"),
            Solution::Loss { plies } => write!(f, "loss in {plies}"),
            Solution::Draw => f.write_str("draw"),
        }
    }
}

/// More positions are reachable than the limit allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyPositions {
    pub limit: u64,
}

impl fmt::Display for TooManyPositions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "more than {} positions are reachable: too many to solve exactly here", self.limit)
    }
}

/// Every position reachable from a root, with the solution of each.
pub struct Solved<P> {
    pub index: HashMap<P, usize>,
    pub solutions: Vec<Solution>,
}

impl<P: std::hash::Hash + Eq> Solved<P> {
    pub fn get(&self, pos: &P) -> Option<Solution> {
        self.index.get(pos).map(|&i| self.solutions[i])
    }
}

/// Solves every position reachable from `root`.
///
/// Forward: enumerate the reachable positions and their successors. Backward: start
/// from the finished positions and resolve predecessors in order of distance to
/// the end, so that the first losing successor found gives the shortest win and the
/// last winning successor the longest loss. Positions never resolved (cycles with
/// no way out) are draws.
pub fn solve<G: Game>(
    game: &G,
    root: &G::Position,
    max_positions: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Solved<G::Position>, TooManyPositions> {
    let mut index: HashMap<G::Position, usize> = HashMap::new();
    let mut positions: Vec<G::Position> = Vec::new();
    let mut successors: Vec<Vec<usize>> = Vec::new();
    index.insert(root.clone(), 0);
    positions.push(root.clone());
    let mut actions = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let pos = positions[next].clone();
        game.actions(&pos, &mut actions);
        let mut succ = Vec::with_capacity(actions.len());
        for &a in &actions {
            let child = game.apply(&pos, a);
            let id = match index.get(&child) {
                Some(&id) => id,
                None => {
                    let id = positions.len();
                    if id as u64 >= max_positions {
                        return Err(TooManyPositions { limit: max_positions });
                    }
                    index.insert(child.clone(), id);
                    positions.push(child);
                    if id % (1 << 16) == 0 {
                        progress(id as u64);
                    }
                    id
                }
            };
            succ.push(id);
        }
        successors.push(succ);
        next += 1;
    }

    let n = positions.len();
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (p, succ) in successors.iter().enumerate() {
        for &c in succ {
            predecessors[c].push(p);
        }
    }
    let mut unresolved: Vec<usize> = successors.iter().map(Vec::len).collect();
    let mut has_draw = vec![false; n];
    let mut solution: Vec<Option<Solution>> = vec![None; n];
    let mut queue = VecDeque::new();
    for (i, succ) in successors.iter().enumerate() {
        if succ.is_empty() {
            solution[i] = Some(match game.terminal_outcome(&positions[i]) {
                Outcome::Win => Solution::Win { plies: 0 },
                Outcome::Loss => Solution::Loss { plies: 0 },
                Outcome::Draw => Solution::Draw,
            });
            queue.push_back(i);
        }
    }
    while let Some(c) = queue.pop_front() {
        let child = solution[c].expect("queued positions are solved");
        for &p in &predecessors[c] {
            if solution[p].is_some() {
                continue;
            }
            match child {
                Solution::Loss { plies } => {
                    solution[p] = Some(Solution::Win { plies: plies + 1 });
                    queue.push_back(p);
                }
                Solution::Win { plies } => {
                    unresolved[p] -= 1;
                    if unresolved[p] == 0 {
                        solution[p] = Some(if has_draw[p] {
                            Solution::Draw
                        } else {
                            Solution::Loss { plies: plies + 1 }
                        });
                        queue.push_back(p);
                    }
                }
                Solution::Draw => {
                    has_draw[p] = true;
                    unresolved[p] -= 1;
                    if unresolved[p] == 0 {
                        solution[p] = Some(Solution::Draw);
                        queue.push_back(p);
                    }
                }
            }
        }
    }
    let solutions = solution.into_iter().map(|s| s.unwrap_or(Solution::Draw)).collect();
    Ok(Solved { index, solutions })
}
