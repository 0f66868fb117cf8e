// A starter bot for Less (CodeCup 2017) on gameai: it reads the protocol
// and plays a legal greedy turn. Protocol: /protocol/less on the server,
// docs/protocol/less.md in the repository.
use std::io::{self, BufRead, Write};

const COLOURS: [&str; 4] = ["Yellow", "Black", "White", "Red"];
// Each colour's pieces start in one 2x2 corner and go to the opposite one:
// the corner's first row and column (rows a..h are 0..7 from the top,
// columns 1..8 are 0..7 from the left).
const START: [(i32, i32); 4] = [(6, 0), (0, 0), (6, 6), (0, 6)];
const TARGET: [(i32, i32); 4] = [(0, 6), (6, 6), (0, 0), (6, 0)];
const STEPS: [(i32, i32); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

#[derive(Clone, Copy)]
struct Move {
    r: i32,
    c: i32,
    r2: i32,
    c2: i32,
    cost: i32,
}

struct Game {
    right: [[i32; 8]; 8], // walls east of (r,c)
    down: [[i32; 8]; 8],  // walls south of (r,c)
    board: [[i32; 8]; 8], // the player on a square, -1 when empty
}

fn inside(r: i32, c: i32) -> bool {
    (0..8).contains(&r) && (0..8).contains(&c)
}

// The steps to pl's target corner, walls and pieces aside.
fn distance(pl: usize, r: i32, c: i32) -> i32 {
    let (tr, tc) = TARGET[pl];
    (tr - r).max(0).max(r - tr - 1) + (tc - c).max(0).max(c - tc - 1)
}

fn square(r: i32, c: i32) -> String {
    format!("{}{}", (b'a' + r as u8) as char, c + 1)
}

impl Game {
    fn walls(&self, r: i32, c: i32, dr: i32, dc: i32) -> i32 {
        if dr == 0 {
            self.right[r as usize][c.min(c + dc) as usize]
        } else {
            self.down[r.min(r + dr) as usize][c as usize]
        }
    }

    fn at(&self, r: i32, c: i32) -> i32 {
        self.board[r as usize][c as usize]
    }

    fn home(&self, pl: usize) -> bool {
        let (tr, tc) = TARGET[pl];
        (0..8).all(|r| (0..8).all(|c| self.at(r, c) != pl as i32 || (r >= tr && r <= tr + 1 && c >= tc && c <= tc + 1)))
    }

    // pl's legal moves costing at most points.
    fn moves(&self, pl: usize, points: i32) -> Vec<Move> {
        let mut out = Vec::new();
        for r in 0..8 {
            for c in 0..8 {
                if self.at(r, c) != pl as i32 {
                    continue;
                }
                for &(dr, dc) in &STEPS {
                    let (r1, c1) = (r + dr, c + dc);
                    if !inside(r1, c1) {
                        continue;
                    }
                    let w = self.walls(r, c, dr, dc);
                    if self.at(r1, c1) < 0 {
                        if 1 + w <= points {
                            out.push(Move { r, c, r2: r1, c2: c1, cost: 1 + w });
                        }
                        continue;
                    }
                    let (r2, c2) = (r1 + dr, c1 + dc); // a jump over the piece on (r1,c1)
                    if inside(r2, c2) && self.at(r2, c2) < 0 && w == 0 && self.walls(r1, c1, dr, dc) == 0 {
                        out.push(Move { r, c, r2, c2, cost: 1 });
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, m: Move) {
        self.board[m.r2 as usize][m.c2 as usize] = self.at(m.r, m.c);
        self.board[m.r as usize][m.c as usize] = -1;
    }

    // Up to three moves, each the one that gains most towards home.
    fn my_turn(&mut self, me: usize) -> String {
        let mover = if self.home(me) { (me + 2) % 4 } else { me };
        if self.home(mover) {
            return "Nil".to_string(); // the team is home: its turns pass
        }
        let mut done: Vec<String> = Vec::new();
        let mut points = 3;
        while points > 0 && !self.home(mover) {
            let mut best: Option<Move> = None;
            let mut gain = 0.0;
            for m in self.moves(mover, points) {
                let g = (distance(mover, m.r, m.c) - distance(mover, m.r2, m.c2)) as f64 / m.cost as f64;
                if (best.is_none() && done.is_empty()) || g > gain {
                    best = Some(m);
                    gain = g;
                }
            }
            let m = match best {
                Some(m) => m,
                None => break,
            };
            self.play(m);
            done.push(square(m.r, m.c) + &square(m.r2, m.c2));
            points -= m.cost;
            if gain <= 0.0 {
                break; // no move gains: end the turn rather than walk back
            }
        }
        if done.is_empty() { "Nil".to_string() } else { done.join(":") }
    }

    fn apply(&mut self, action: &str) {
        if action == "Nil" {
            return;
        }
        for m in action.split(':') {
            let b = m.as_bytes();
            let (r, c, r2, c2) = ((b[0] - b'a') as i32, (b[1] - b'1') as i32, (b[2] - b'a') as i32, (b[3] - b'1') as i32);
            self.play(Move { r, c, r2, c2, cost: 0 });
        }
    }
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut read = move || -> String {
        match lines.next() {
            Some(Ok(l)) if l.trim() != "Quit" => l.trim().to_string(),
            _ => std::process::exit(0),
        }
    };
    let layout: Vec<i32> = read().bytes().map(|b| (b - b'0') as i32).collect();
    let mut g = Game { right: [[0; 8]; 8], down: [[0; 8]; 8], board: [[-1; 8]; 8] };
    let mut i = 0;
    for r in 0..8 {
        for c in 0..7 {
            g.right[r][c] = layout[i];
            i += 1;
        }
        for c in 0..8 {
            if r < 7 {
                g.down[r][c] = layout[i];
                i += 1;
            }
        }
    }
    let colour = read();
    let me = COLOURS.iter().position(|&c| c == colour).unwrap_or(0);
    // Standard error is yours: each game's first 64 KiB are kept for you on
    // your bot's page; the referee never reads it.
    eprintln!("starter: playing {}", COLOURS[me]);
    for (pl, &(r0, c0)) in START.iter().enumerate() {
        for r in r0..r0 + 2 {
            for c in c0..c0 + 2 {
                g.board[r as usize][c as usize] = pl as i32;
            }
        }
    }
    let mut out = io::stdout();
    for turn in 0.. {
        if turn % 4 == me {
            let action = g.my_turn(me);
            writeln!(out, "{}", action).unwrap();
            out.flush().unwrap(); // the referee waits for the whole line
        } else {
            let line = read();
            g.apply(&line);
        }
    }
}
