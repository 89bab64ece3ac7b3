//! The iterations themselves: select, expand, simulate, back up.

use crate::runtime::clock::Instant;

use super::events::{Event, Observer, Scored, Step};
use super::rollout::{play_out, result_at};
use super::{Budget, End, MAX_ITERATIONS, ROLLOUT_PLIES, Searched, Settings, uct};
use crate::game::{Game, Player};
use crate::rng::Rng;
use crate::tree::mcts::{Made, McTree};

/// The clock and a stop asked for are read every this many iterations.
const CHECK_EVERY: u32 = 128;

/// The first reservation of nodes; the arena grows past it as needed.
const FIRST_CAPACITY: u64 = 1 << 20;

struct Run<'g, G: Game> {
    game: &'g G,
    settings: Settings,
    tree: McTree<G>,
    rng: Rng,
    /// A reused buffer of actions.
    actions: Vec<G::Action>,
    /// The nodes of the current iteration, root first.
    path: Vec<u32>,
}

/// An iteration's result: where it was scored, how, and its value in half
/// points for the first player.
struct Result<A> {
    how: Scored,
    result: u32,
    moves: Vec<A>,
}

pub(super) fn run<G: Game>(
    game: &G,
    pos: &G::Position,
    settings: &Settings,
    observer: &mut impl Observer<G::Action>,
) -> Searched<G> {
    let started = Instant::now();
    // The tree stops growing where memory ends, as at --max-nodes.
    let settings = &Settings { max_nodes: super::node_budget::<G>(settings.max_nodes).0, ..*settings };
    let (limit, deadline) = match settings.budget {
        Budget::Iterations(n) => (n.min(MAX_ITERATIONS), None),
        Budget::Time(t) => (MAX_ITERATIONS, Some(started + t)),
    };
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    let arity = u16::try_from(actions.len()).expect("fewer than 65,536 actions in a position");
    let capacity = (u64::from(limit) + 1).min(settings.max_nodes).min(FIRST_CAPACITY) as usize;
    let mut tree = McTree::new(game, pos.clone(), arity, capacity);
    if arity == 0 {
        tree.set_proven(0, result_at(game, pos));
    }
    let mut run =
        Run { game, settings: *settings, tree, rng: Rng::new(settings.seed), actions, path: Vec::new() };
    let mut done = 0;
    let mut end = End::Finished;
    while done < limit {
        if done > 0 && done.is_multiple_of(CHECK_EVERY) {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if crate::search::stop::take() {
                end = End::Asked;
                break;
            }
        }
        if let Err(e) = run.iterate(done + 1, observer) {
            end = e;
            break;
        }
        done += 1;
        if settings.solver && run.tree.node(0).proven().is_some() {
            end = End::Proven;
            break;
        }
    }
    Searched { tree: run.tree, settings: *settings, iterations: done, end, time: started.elapsed() }
}

impl<G: Game> Run<'_, G> {
    /// One iteration; Err (with nothing changed) when its expansion would pass
    /// the node budget.
    fn iterate<O: Observer<G::Action>>(
        &mut self,
        iteration: u32,
        observer: &mut O,
    ) -> std::result::Result<(), End> {
        let steps = self.select(observer);
        let leaf = *self.path.last().expect("the path starts at the root");
        let node = self.tree.node(leaf);
        let scored = if node.is_terminal() || (self.settings.solver && node.proven().is_some()) {
            let how = if node.is_terminal() { Scored::Terminal } else { Scored::Proven };
            let result = node.proven_half_points().expect("a node over or proven has its result");
            observer_select(observer, iteration, steps);
            Result { how, result, moves: Vec::new() }
        } else {
            if self.tree.len() as u64 >= self.settings.max_nodes {
                return Err(End::Budget);
            }
            observer_select(observer, iteration, steps);
            self.expand_and_simulate(iteration, leaf, observer)
        };
        let node = *self.path.last().expect("the path starts at the root");
        let Result { how, result, moves } = scored;
        if O::RECORDS {
            observer.event(Event::Simulate { iteration, node, moves, how, result });
        }
        self.back_up(iteration, result, observer);
        Ok(())
    }

    /// Selection: from the root down by UCT while a node is fully expanded,
    /// not over and (with the solver) not proven. Fills `path`; returns the
    /// steps when recorded.
    fn select<O: Observer<G::Action>>(&mut self, _: &mut O) -> Vec<Step> {
        let (c, solver) = (self.settings.c, self.settings.solver);
        let mut steps = Vec::new();
        self.path.clear();
        self.path.push(0);
        let mut id = 0;
        loop {
            let n = self.tree.node(id);
            if n.is_terminal() || !n.fully_expanded() || (solver && n.proven().is_some()) {
                return steps;
            }
            let (child, terms) = uct::select(&self.tree, id, c, solver);
            if O::RECORDS {
                steps.push(Step {
                    node: child,
                    parent_visits: n.visits(),
                    visits: self.tree.node(child).visits(),
                    exploit: terms.exploit,
                    explore: terms.explore,
                });
            }
            self.path.push(child);
            id = child;
        }
    }

    /// Expansion of `leaf`'s next untried action, and a playout from the new
    /// node (or its result, if the game is over there).
    fn expand_and_simulate<O: Observer<G::Action>>(
        &mut self,
        iteration: u32,
        leaf: u32,
        observer: &mut O,
    ) -> Result<G::Action> {
        let game = self.game;
        let node = self.tree.node(leaf);
        let pos = node.position(game);
        let (expanded, _) = node.expansion();
        game.actions(&pos, &mut self.actions);
        let action = self.actions[usize::from(expanded)];
        let child_pos = game.apply(&pos, action);
        game.actions(&child_pos, &mut self.actions);
        let arity = u16::try_from(self.actions.len()).expect("fewer than 65,536 actions in a position");
        let made = Made { action: Some(action), arity, created: iteration };
        let child = self.tree.expand(game, leaf, &child_pos, made);
        self.path.push(child);
        observer.event(Event::Expand { iteration, node: child, parent: leaf, action });
        if arity == 0 {
            let result = result_at(game, &child_pos);
            self.tree.set_proven(child, result);
            return Result { how: Scored::Terminal, result, moves: Vec::new() };
        }
        let record = O::RECORDS;
        let policy = (self.settings.rollout, ROLLOUT_PLIES);
        let p = play_out(game, child_pos, &mut self.actions, policy, &mut self.rng, record);
        let how = if p.cut { Scored::Cut } else { Scored::Rollout };
        Result { how, result: p.result, moves: p.moves }
    }

    /// Backpropagation: the result added to every node of the path, and with
    /// the solver, proven results carried up as far as they go.
    fn back_up<O: Observer<G::Action>>(&mut self, iteration: u32, result: u32, observer: &mut O) {
        for &id in &self.path {
            self.tree.add_visit(id, result);
        }
        let mut proven = Vec::new();
        if self.settings.solver {
            for i in (0..self.path.len().saturating_sub(1)).rev() {
                let id = self.path[i];
                match self.prove(id) {
                    Some(r) => proven.push((id, r)),
                    None => break,
                }
            }
        }
        if O::RECORDS {
            let path = self
                .path
                .iter()
                .map(|&id| (id, self.tree.node(id).visits(), self.tree.node(id).half_points()))
                .collect();
            observer.event(Event::Backup { iteration, path, proven });
        }
    }

    /// MCTS-Solver at node `id`: proven when a child is proven a win for the
    /// side to move, or when every action has a child and all are proven
    /// (then the best of them for the side to move). The result in half points
    /// for the first player, if proven now or before.
    fn prove(&mut self, id: u32) -> Option<u32> {
        let node = self.tree.node(id);
        if let Some(r) = node.proven_half_points() {
            return Some(r);
        }
        let first = node.player() == Player::First;
        let best_possible = if first { 2 } else { 0 };
        let mut all = node.fully_expanded();
        let mut best: Option<u32> = None;
        for child in self.tree.children(id) {
            match self.tree.node(child).proven_half_points() {
                Some(r) if r == best_possible => {
                    best = Some(r);
                    all = true;
                    break;
                }
                Some(r) => best = Some(best.map_or(r, |b| if first { b.max(r) } else { b.min(r) })),
                None => all = false,
            }
        }
        let r = best.filter(|_| all)?;
        self.tree.set_proven(id, r);
        Some(r)
    }
}

fn observer_select<A, O: Observer<A>>(observer: &mut O, iteration: u32, path: Vec<Step>) {
    if O::RECORDS {
        observer.event(Event::Select { iteration, path });
    }
}
