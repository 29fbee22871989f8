//! Deliberately simple reference implementations of both games, written
//! from docs/rules.md with arrays and step-by-step walks (no bitboards, no
//! incremental state), to cross-check the engine.
#![allow(dead_code)]

pub mod brute;

use cheversi_engine::attrition::{self, Variant};
use cheversi_engine::cheversi::{self, Count, Kind, RuleSet, Squares};
use cheversi_engine::{AnyGame, AnyMove, GameOptions, GameState, Square};

pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Seconds since the clock was made: the engine takes its time from a
/// clock passed in.
pub fn clock() -> impl Fn() -> f64 {
    let origin = std::time::Instant::now();
    move || origin.elapsed().as_secs_f64()
}

/// The nodes the Master's result proof alone needs on `pos`, with a fresh
/// table of the Master's size and no limit (None if it did not prove).
pub fn result_proof_nodes(
    pos: &cheversi::Position,
    draws: cheversi_engine::ai::search::Draws,
) -> Option<u64> {
    use cheversi_engine::ai::budget::Budget;
    use cheversi_engine::ai::cheversi::{distinct_moves, HandValues};
    use cheversi_engine::ai::player::TABLE_BITS;
    use cheversi_engine::ai::search::Searcher;
    let clock = clock();
    let values = HandValues::calibrate(pos.options());
    let mut budget = Budget::new(&clock, None, None, None);
    Searcher::new(TABLE_BITS)
        .prove_result(pos, &values, &mut budget, distinct_moves(pos), draws)
        .map(|_| budget.nodes)
}

/// A random position `plies` moves into a game (None if it ended sooner).
pub fn random_position<G: GameState>(
    start: &G,
    plies: usize,
    rng: &mut cheversi_engine::rng::Rng,
) -> Option<G> {
    let mut pos = start.clone();
    for _ in 0..plies {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        pos.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
    }
    (!pos.is_over()).then_some(pos)
}

/// A Cheversi position `plies` random placements into a game, drawn as
/// the engine's playouts draw them.
pub fn random_placements(
    options: cheversi::Options,
    plies: usize,
    rng: &mut cheversi_engine::rng::Rng,
) -> cheversi::Position {
    let mut pos = cheversi::Position::new(options);
    for _ in 0..plies {
        let mv = pos.random_placement(rng);
        pos.place_unchecked(mv);
    }
    pos
}

fn coords(i: usize) -> (i32, i32) {
    ((i % 8) as i32, (i / 8) as i32)
}

fn index(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const ROOK: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

fn neighbours(i: usize) -> Vec<usize> {
    let (f, r) = coords(i);
    KING.iter()
        .filter_map(|(df, dr)| index(f + df, r + dr))
        .collect()
}

fn knight_targets(i: usize) -> Vec<usize> {
    let (f, r) = coords(i);
    KNIGHT
        .iter()
        .filter_map(|(df, dr)| index(f + df, r + dr))
        .collect()
}

fn is_dark(i: usize) -> bool {
    let (f, r) = coords(i);
    (f + r) % 2 == 0
}

// ---------------------------------------------------------------- Cheversi

/// A Cheversi game as a list of placements and a board of `(colour, kind)`.
#[derive(Clone)]
pub struct RefCheversi {
    pub rules: RuleSet,
    pub count: Count,
    pub squares: Squares,
    pub history: Vec<(Kind, usize)>,
    pub board: [Option<(usize, Kind)>; 64],
}

impl RefCheversi {
    pub fn new(options: cheversi::Options) -> RefCheversi {
        RefCheversi {
            rules: options.rules,
            count: options.scoring.count,
            squares: options.scoring.squares,
            history: Vec::new(),
            board: [None; 64],
        }
    }

    pub fn play(&mut self, kind: Kind, square: usize) {
        let color = self.history.len() % 2;
        self.board[square] = Some((color, kind));
        self.history.push((kind, square));
    }

    pub fn in_hand(&self, color: usize, kind: Kind) -> usize {
        let start = match kind {
            Kind::King | Kind::Queen => 1,
            _ => 2,
        };
        let placed = self
            .history
            .iter()
            .enumerate()
            .filter(|(i, (k, _))| i % 2 == color && *k == kind)
            .count();
        start - placed
    }

    /// Squares the piece on `from` attacks, walking the board.
    pub fn attacks(&self, from: usize) -> Vec<usize> {
        let (_, kind) = self.board[from].expect("a piece");
        let (dirs, slides): (Vec<(i32, i32)>, bool) = match kind {
            Kind::King => (KING.to_vec(), false),
            Kind::Knight => (KNIGHT.to_vec(), false),
            Kind::Rook => (ROOK.to_vec(), true),
            Kind::Bishop => (BISHOP.to_vec(), true),
            Kind::Queen => (KING.to_vec(), true),
        };
        let (f0, r0) = coords(from);
        let mut out = Vec::new();
        for (df, dr) in dirs {
            let (mut f, mut r) = (f0, r0);
            loop {
                f += df;
                r += dr;
                let Some(i) = index(f, r) else { break };
                out.push(i);
                if self.board[i].is_some() || !slides {
                    break;
                }
            }
        }
        out
    }

    /// How many of `color`'s pieces attack `square`.
    pub fn attack_count(&self, color: usize, square: usize) -> u32 {
        (0..64)
            .filter(|&i| matches!(self.board[i], Some((c, _)) if c == color))
            .filter(|&i| self.attacks(i).contains(&square))
            .count() as u32
    }

    pub fn score(&self, color: usize) -> i32 {
        (0..64)
            .filter(|&i| self.squares == Squares::All || self.board[i].is_none())
            .map(|i| {
                let n = self.attack_count(color, i);
                match self.count {
                    Count::Multiplicity => n as i32,
                    Count::Distinct => i32::from(n > 0),
                }
            })
            .sum()
    }

    fn candidates(&self) -> Vec<(Kind, usize)> {
        let me = self.history.len() % 2;
        let mut out = Vec::new();
        for kind in Kind::ALL {
            if self.in_hand(me, kind) > 0 {
                for i in 0..64 {
                    if self.board[i].is_none() {
                        out.push((kind, i));
                    }
                }
            }
        }
        out
    }

    /// Every legal placement, by docs/rules.md.
    pub fn legal(&self) -> Vec<(Kind, usize)> {
        let n = self.history.len();
        if n == 16 {
            return Vec::new();
        }
        let all = self.candidates();
        let filter = |f: &dyn Fn(&(Kind, usize)) -> bool| -> Vec<(Kind, usize)> {
            all.iter().copied().filter(|c| f(c)).collect()
        };
        match self.rules {
            RuleSet::LewickiFree => all,
            RuleSet::Lewicki | RuleSet::LewickiAny if n == 0 => all,
            RuleSet::Lewicki | RuleSet::LewickiAny => {
                let opponent = (n - 1) % 2;
                let attacked: Vec<usize> = if self.rules == RuleSet::Lewicki {
                    self.attacks(self.history[n - 1].1)
                } else {
                    (0..64)
                        .filter(|&i| self.attack_count(opponent, i) > 0)
                        .collect()
                };
                let strict = filter(&|(_, i)| attacked.contains(i));
                if strict.is_empty() {
                    all
                } else {
                    strict
                }
            }
            RuleSet::BrainkingClassic => match n {
                0 => filter(&|(k, _)| *k == Kind::King),
                1 => filter(&|(k, _)| *k == Kind::Queen),
                _ => all,
            },
            RuleSet::Brainking => {
                let strict = filter(&|c| self.brainking_allows(*c, true));
                if strict.is_empty() {
                    filter(&|c| self.brainking_allows(*c, false))
                } else {
                    strict
                }
            }
        }
    }

    /// Rules 1–7 of `brainking`, rule 2 only when `touch`.
    pub fn brainking_allows(&self, (kind, square): (Kind, usize), touch: bool) -> bool {
        let n = self.history.len();
        let me = n % 2;
        if n == 0 {
            return kind == Kind::King; // rule 1
        }
        if touch && !neighbours(square).iter().any(|&q| self.board[q].is_some()) {
            return false; // rule 2
        }
        if me == 1 {
            let blacks_eighth = n == 15;
            if kind == Kind::King && !blacks_eighth {
                return false; // rule 3
            }
            if blacks_eighth && !neighbours(square).contains(&self.history[14].1) {
                return false; // rule 3
            }
        }
        if me == 0 && n == 14 && !neighbours(square).iter().any(|&q| self.board[q].is_none()) {
            return false; // rule 4
        }
        if kind == Kind::Bishop {
            let mine_same_colour = (0..64).any(|i| {
                self.board[i] == Some((me, Kind::Bishop)) && is_dark(i) == is_dark(square)
            });
            if mine_same_colour {
                return false; // rule 5
            }
        }
        let (last_kind, _) = self.history[n - 1];
        if last_kind == Kind::Queen && self.in_hand(me, Kind::Queen) > 0 && kind != Kind::Queen {
            return false; // rule 6
        }
        true
    }
}

// --------------------------------------------------------------- Attrition

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefState {
    InHand,
    On(usize),
    Gone,
}

#[derive(Clone, Debug)]
pub struct RefPiece {
    pub owner: usize,
    pub id: usize,
    pub state: RefState,
}

/// An Attrition game with a list of pieces and an array of markers.
#[derive(Clone, Debug)]
pub struct RefAttrition {
    pub variant: Variant,
    pub players: usize,
    pub marked: [bool; 64],
    pub pieces: Vec<RefPiece>,
    pub out: Vec<bool>,
    pub setup_order: Vec<usize>,
    pub setup_step: usize,
    pub turn: usize,
    /// Indices into `pieces` that still have to jump this turn.
    pub to_jump: Vec<usize>,
    pub winner: Option<usize>,
}

impl RefAttrition {
    pub fn new(options: attrition::Options) -> RefAttrition {
        let players = options.players() as usize;
        let per = if options.variant().two_pieces() { 2 } else { 1 };
        let mut pieces = Vec::new();
        let mut setup_order = Vec::new();
        for owner in 0..players {
            for id in 0..per {
                pieces.push(RefPiece {
                    owner,
                    id,
                    state: RefState::InHand,
                });
                setup_order.push(owner);
            }
        }
        RefAttrition {
            variant: options.variant(),
            players,
            marked: [false; 64],
            pieces,
            out: vec![false; players],
            setup_order,
            setup_step: 0,
            turn: 0,
            to_jump: Vec::new(),
            winner: None,
        }
    }

    fn in_setup(&self) -> bool {
        self.setup_step < self.setup_order.len()
    }

    pub fn to_move(&self) -> Option<usize> {
        if self.winner.is_some() {
            None
        } else if self.in_setup() {
            Some(self.setup_order[self.setup_step])
        } else {
            Some(self.turn)
        }
    }

    fn piece_on(&self, square: usize) -> Option<usize> {
        self.pieces
            .iter()
            .position(|p| p.state == RefState::On(square))
    }

    fn jumps(&self, from: usize) -> Vec<usize> {
        knight_targets(from)
            .into_iter()
            .filter(|&t| self.piece_on(t).is_some() || !self.marked[t])
            .collect()
    }

    fn mirror_images(square: usize) -> [usize; 3] {
        let (f, r) = coords(square);
        [
            index(7 - f, r).unwrap(),
            index(f, 7 - r).unwrap(),
            index(7 - f, 7 - r).unwrap(),
        ]
    }

    /// Legal moves as text: `Nd4`, `Bd4`, `d4-f5`.
    pub fn legal(&self) -> Vec<String> {
        let Some(me) = self.to_move() else {
            return Vec::new();
        };
        let name = |i: usize| Square::new(i as u8).unwrap().to_string();
        let mut out = Vec::new();
        if self.in_setup() {
            for p in self
                .pieces
                .iter()
                .filter(|p| p.owner == me && p.state == RefState::InHand)
            {
                for s in 0..64 {
                    let mirrored = self.pieces.iter().any(|q| {
                        q.owner != me
                            && matches!(q.state, RefState::On(t) if Self::mirror_images(t).contains(&s))
                    });
                    if self.piece_on(s).is_none() && !mirrored {
                        out.push(format!("{}{}", if p.id == 0 { 'N' } else { 'B' }, name(s)));
                    }
                }
            }
        } else {
            for &i in &self.to_jump {
                if let RefState::On(from) = self.pieces[i].state {
                    for to in self.jumps(from) {
                        out.push(format!("{}-{}", name(from), name(to)));
                    }
                }
            }
        }
        out
    }

    pub fn play(&mut self, text: &str) {
        let me = self.to_move().expect("game not over");
        if self.in_setup() {
            let id = usize::from(text.starts_with('B'));
            let square = sq(&text[1..]).index();
            let i = self
                .pieces
                .iter()
                .position(|p| p.owner == me && p.id == id)
                .unwrap();
            self.pieces[i].state = RefState::On(square);
            self.marked[square] = true;
            self.setup_step += 1;
            if !self.in_setup() {
                self.turn = 0;
                self.to_jump = self.on_board_of(0);
                self.advance();
            }
            return;
        }
        let (from, to) = (sq(&text[..2]).index(), sq(&text[3..]).index());
        let i = self.piece_on(from).unwrap();
        let victim = self.piece_on(to);
        self.pieces[i].state = RefState::On(to);
        self.marked[to] = true;
        self.to_jump.retain(|&j| j != i);
        if let Some(v) = victim {
            self.pieces[v].state = RefState::Gone;
            self.to_jump.retain(|&j| j != v);
            let owner = self.pieces[v].owner;
            match self.variant {
                Variant::Duel => self.winner = Some(me),
                Variant::SuddenDeath => self.winner = Some(1 - owner),
                Variant::TwoKnights => {
                    if self.on_board_of(owner).is_empty() {
                        self.winner = Some(1 - owner);
                    }
                }
                Variant::Melee => self.knock_out(owner),
            }
        }
        self.advance();
    }

    fn on_board_of(&self, owner: usize) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&i| {
                self.pieces[i].owner == owner && matches!(self.pieces[i].state, RefState::On(_))
            })
            .collect()
    }

    fn knock_out(&mut self, player: usize) {
        self.out[player] = true;
        for p in self.pieces.iter_mut().filter(|p| p.owner == player) {
            p.state = RefState::Gone;
        }
        let left: Vec<usize> = (0..self.players).filter(|&p| !self.out[p]).collect();
        if left.len() == 1 {
            self.winner = Some(left[0]);
        }
    }

    /// Ends turns and removes stuck pieces until someone can jump.
    fn advance(&mut self) {
        while self.winner.is_none() {
            if self.to_jump.is_empty() {
                let mut next = self.turn;
                loop {
                    next = (next + 1) % self.players;
                    if !self.out[next] {
                        break;
                    }
                }
                self.turn = next;
                self.to_jump = self.on_board_of(next);
            }
            let any_jump = self.to_jump.iter().any(|&i| match self.pieces[i].state {
                RefState::On(s) => !self.jumps(s).is_empty(),
                _ => false,
            });
            if any_jump {
                return;
            }
            for i in std::mem::take(&mut self.to_jump) {
                self.pieces[i].state = RefState::Gone;
            }
            let me = self.turn;
            match self.variant {
                Variant::Duel | Variant::SuddenDeath => self.winner = Some(1 - me),
                Variant::TwoKnights => {
                    if self.on_board_of(me).is_empty() {
                        self.winner = Some(1 - me);
                    }
                }
                Variant::Melee => self.knock_out(me),
            }
        }
    }
}

// ------------------------------------------------------------------ shared

/// Every game kind: each Cheversi rule set with its default scoring and with
/// every scoring override, each Attrition variant and player count.
pub fn all_kinds() -> Vec<GameOptions> {
    let mut kinds = Vec::new();
    for rules in RuleSet::ALL {
        for count in [Count::Multiplicity, Count::Distinct] {
            for squares in [Squares::Empty, Squares::All] {
                let o = cheversi::Options::new(rules)
                    .with_count(count)
                    .with_squares(squares);
                kinds.push(GameOptions::Cheversi(o));
            }
        }
    }
    for variant in Variant::ALL {
        let counts: &[u8] = if variant == Variant::Melee {
            &[3, 4]
        } else {
            &[2]
        };
        for &n in counts {
            kinds.push(GameOptions::Attrition(
                attrition::Options::with_players(variant, n).unwrap(),
            ));
        }
    }
    kinds
}

/// Plays `moves` (canonical or any accepted notation), panicking with the
/// engine's reason if one is illegal.
pub fn play(options: GameOptions, moves: &str) -> AnyGame {
    let mut game = options.start();
    for text in moves.split_whitespace() {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        game.try_play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
    game
}

/// The engine's legal moves as sorted text.
pub fn legal_texts(game: &AnyGame) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.into_iter().map(|m: AnyMove| m.to_string()).collect();
    texts.sort();
    texts
}
