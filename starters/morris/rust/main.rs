// A starter bot for Nine Men's Morris on gameai: it speaks Sanmill's engine
// protocol (uci, isready, position, go, quit) and plays a legal greedy move.
// Protocol: /protocol/morris on the server, docs/protocol/morris.md in the
// repository.
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::{self, BufRead, Write};

// The 16 mills; two points are adjacent when they follow each other in one.
const MILLS: [[&str; 3]; 16] = [
    ["a7", "d7", "g7"], ["b6", "d6", "f6"], ["c5", "d5", "e5"], ["a4", "b4", "c4"],
    ["e4", "f4", "g4"], ["c3", "d3", "e3"], ["b2", "d2", "f2"], ["a1", "d1", "g1"],
    ["a1", "a4", "a7"], ["b2", "b4", "b6"], ["c3", "c4", "c5"], ["d1", "d2", "d3"],
    ["d5", "d6", "d7"], ["e3", "e4", "e5"], ["f2", "f4", "f6"], ["g1", "g4", "g7"],
];

fn other(side: char) -> char {
    if side == 'w' { 'b' } else { 'w' }
}

// The position after the moves the referee sent.
#[derive(Clone)]
struct Game {
    board: HashMap<String, char>, // point -> 'w' or 'b'
    side: char,                   // to move; White first
    placed: [u32; 2],
    removing: bool, // the side to move closed a mill: it removes next
}

struct Rules {
    next: BTreeMap<&'static str, BTreeSet<&'static str>>, // each point's neighbours; its keys the 24 points
}

impl Game {
    fn new() -> Game {
        Game { board: HashMap::new(), side: 'w', placed: [0, 0], removing: false }
    }

    fn in_mill(&self, p: &str, s: char) -> bool {
        MILLS.iter().any(|m| m.contains(&p) && m.iter().all(|q| self.board.get(*q) == Some(&s)))
    }

    fn play(&mut self, token: &str) {
        if let Some(p) = token.strip_prefix('x') {
            self.board.remove(p);
            self.removing = false;
        } else {
            let dst = match token.split_once('-') {
                Some((src, dst)) => {
                    self.board.remove(src);
                    dst
                }
                None => {
                    self.placed[(self.side == 'b') as usize] += 1;
                    token
                }
            };
            self.board.insert(dst.to_string(), self.side);
            self.removing = self.in_mill(dst, self.side);
        }
        if !self.removing {
            self.side = other(self.side);
        }
    }

    // Every legal token for the side to move.
    fn moves(&self, rules: &Rules) -> Vec<String> {
        let (me, them) = (self.side, other(self.side));
        let points: Vec<&str> = rules.next.keys().copied().collect();
        let empty: Vec<&str> = points.iter().copied().filter(|p| !self.board.contains_key(*p)).collect();
        if self.removing {
            let theirs: Vec<&str> = points.iter().copied().filter(|p| self.board.get(*p) == Some(&them)).collect();
            let free: Vec<&str> = theirs.iter().copied().filter(|p| !self.in_mill(p, them)).collect();
            let pick = if free.is_empty() { theirs } else { free };
            return pick.iter().map(|p| format!("x{}", p)).collect();
        }
        if self.placed[(me == 'b') as usize] < 9 {
            return empty.iter().map(|p| p.to_string()).collect();
        }
        let mine: Vec<&str> = points.iter().copied().filter(|p| self.board.get(*p) == Some(&me)).collect();
        let mut out = Vec::new();
        for a in &mine {
            for b in &empty {
                // three pieces fly
                if mine.len() == 3 || rules.next[a].contains(b) {
                    out.push(format!("{}-{}", a, b));
                }
            }
        }
        out
    }

    // Whether s, moving to token's destination, closes a mill.
    fn closes_mill(&self, token: &str, s: char) -> bool {
        let mut g = self.clone();
        let dst = match token.split_once('-') {
            Some((src, dst)) => {
                g.board.remove(src);
                dst
            }
            None => token,
        };
        g.board.insert(dst.to_string(), s);
        g.in_mill(dst, s)
    }

    fn best(&self, rules: &Rules) -> String {
        let all = self.moves(rules);
        let placing = || all.iter().filter(|m| !m.starts_with('x'));
        if let Some(m) = placing().find(|m| self.closes_mill(m, self.side)) {
            return m.clone(); // close a mill
        }
        let dest = |m: &str| m.rsplit('-').next().unwrap_or(m).to_string();
        if let Some(m) = placing().find(|m| self.closes_mill(&dest(m), other(self.side))) {
            return m.clone(); // stand where the opponent would close one
        }
        all.first().cloned().unwrap_or_else(|| "none".to_string())
    }
}

fn main() {
    let mut rules = Rules { next: BTreeMap::new() };
    for m in MILLS.iter() {
        for i in 0..3 {
            rules.next.entry(m[i]).or_default();
            if i > 0 {
                rules.next.get_mut(m[i]).unwrap().insert(m[i - 1]);
                rules.next.get_mut(m[i - 1]).unwrap().insert(m[i]);
            }
        }
    }
    let mut game = Game::new();
    let mut out = io::stdout();
    for line in io::stdin().lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(_) => return,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                writeln!(out, "id name starter\nuciok").unwrap();
                // Standard error is yours: each game's first 64 KiB are kept
                // for you on your bot's page; the referee never reads it.
                eprintln!("starter: ready");
            }
            Some("isready") => writeln!(out, "readyok").unwrap(),
            Some("position") => {
                // position startpos [moves t1 t2 ...]
                game = Game::new();
                for t in words.iter().skip(3) {
                    game.play(t);
                }
            }
            Some("go") => writeln!(out, "bestmove {}", game.best(&rules)).unwrap(),
            Some("quit") => return,
            _ => {}
        }
        out.flush().unwrap(); // the referee waits for the whole line
    }
}
