//! execir's stand-in for the `regex` crate: a small backtracking engine (no captures) with
//! `Regex::new`, `is_match`, `find`, `find_iter`, `split`, `replace_all`; classes, `\d\w\s`,
//! `. ^ $ \b`, groups, `|`, `* + ? {m,n}` (greedy or lazy).
use std::borrow::Cow;
use std::fmt;

#[derive(Clone, Debug)]
enum Node {
    Char(char),
    Any,
    Class(Vec<(char, char)>, bool),
    Start,
    End,
    WordBoundary(bool),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Node>, usize, Option<usize>, bool),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "regex parse error: {}", self.0) }
}
impl std::error::Error for Error {}

struct Parser { chars: Vec<char>, pos: usize }

fn class_of(c: char) -> Option<(Vec<(char, char)>, bool)> {
    let digit = vec![('0', '9')];
    let word = vec![('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];
    let space = vec![('\t', '\r'), (' ', ' ')];
    match c {
        'd' => Some((digit, false)), 'D' => Some((digit, true)),
        'w' => Some((word, false)), 'W' => Some((word, true)),
        's' => Some((space, false)), 'S' => Some((space, true)),
        _ => None,
    }
}

fn escaped(c: char) -> char {
    match c { 'n' => '\n', 't' => '\t', 'r' => '\r', 'f' => '\x0c', 'v' => '\x0b', '0' => '\0', other => other }
}

impl Parser {
    fn peek(&self) -> Option<char> { self.chars.get(self.pos).copied() }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) { self.pos += 1; true } else { false }
    }
    fn alt(&mut self) -> Result<Node, Error> {
        let mut branches = vec![self.concat()?];
        while self.eat('|') { branches.push(self.concat()?); }
        Ok(if branches.len() == 1 { branches.pop().unwrap() } else { Node::Alt(branches) })
    }
    fn concat(&mut self) -> Result<Node, Error> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' { break; }
            let atom = self.atom()?;
            items.push(self.repeat(atom)?);
        }
        Ok(Node::Concat(items))
    }
    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) { self.pos += 1; }
        if self.pos == start { None } else { self.chars[start..self.pos].iter().collect::<String>().parse().ok() }
    }
    fn repeat(&mut self, atom: Node) -> Result<Node, Error> {
        let mut node = atom;
        loop {
            let (min, max) = match self.peek() {
                Some('*') => { self.pos += 1; (0, None) }
                Some('+') => { self.pos += 1; (1, None) }
                Some('?') => { self.pos += 1; (0, Some(1)) }
                Some('{') => {
                    let save = self.pos;
                    self.pos += 1;
                    match self.number() {
                        Some(lo) => {
                            let hi = if self.eat(',') { self.number() } else { Some(lo) };
                            if !self.eat('}') { return Err(Error("unclosed counted repetition".into())); }
                            (lo, hi)
                        }
                        None => { self.pos = save; return Ok(node); }
                    }
                }
                _ => return Ok(node),
            };
            let greedy = !self.eat('?');
            node = Node::Repeat(Box::new(node), min, max, greedy);
        }
    }
    fn atom(&mut self) -> Result<Node, Error> {
        let c = self.peek().ok_or_else(|| Error("unexpected end".into()))?;
        self.pos += 1;
        Ok(match c {
            '(' => {
                if self.eat('?') {
                    if !self.eat(':') { return Err(Error("unsupported group flag".into())); }
                }
                let inner = self.alt()?;
                if !self.eat(')') { return Err(Error("unclosed group".into())); }
                inner
            }
            '[' => self.class()?,
            '.' => Node::Any,
            '^' => Node::Start,
            '$' => Node::End,
            '*' | '+' | '?' => return Err(Error("repetition operator missing expression".into())),
            '\\' => {
                let e = self.peek().ok_or_else(|| Error("trailing backslash".into()))?;
                self.pos += 1;
                match e {
                    'b' => Node::WordBoundary(true),
                    'B' => Node::WordBoundary(false),
                    _ => match class_of(e) {
                        Some((ranges, neg)) => Node::Class(ranges, neg),
                        None => Node::Char(escaped(e)),
                    },
                }
            }
            other => Node::Char(other),
        })
    }
    fn class(&mut self) -> Result<Node, Error> {
        let negated = self.eat('^');
        let mut ranges = Vec::new();
        let mut first = true;
        loop {
            let c = self.peek().ok_or_else(|| Error("unclosed character class".into()))?;
            self.pos += 1;
            if c == ']' && !first { break; }
            first = false;
            let lo = if c == '\\' {
                let e = self.peek().ok_or_else(|| Error("trailing backslash".into()))?;
                self.pos += 1;
                if let Some((set, neg)) = class_of(e) {
                    if neg { return Err(Error("negated class inside a class is not supported".into())); }
                    ranges.extend(set);
                    continue;
                }
                escaped(e)
            } else { c };
            if self.peek() == Some('-') && self.chars.get(self.pos + 1).map_or(false, |&n| n != ']') {
                self.pos += 1;
                let mut hi = self.peek().unwrap();
                self.pos += 1;
                if hi == '\\' { hi = escaped(self.peek().unwrap_or('\\')); self.pos += 1; }
                ranges.push((lo, hi));
            } else {
                ranges.push((lo, lo));
            }
        }
        Ok(Node::Class(ranges, negated))
    }
}

fn is_word(c: char) -> bool { c.is_alphanumeric() || c == '_' }

fn mat(n: &Node, s: &[char], i: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match n {
        Node::Char(c) => i < s.len() && s[i] == *c && k(i + 1),
        Node::Any => i < s.len() && s[i] != '\n' && k(i + 1),
        Node::Class(r, neg) => {
            i < s.len() && (r.iter().any(|&(a, b)| a <= s[i] && s[i] <= b) != *neg) && k(i + 1)
        }
        Node::Start => i == 0 && k(i),
        Node::End => i == s.len() && k(i),
        Node::WordBoundary(want) => {
            let before = i > 0 && is_word(s[i - 1]);
            let after = i < s.len() && is_word(s[i]);
            ((before != after) == *want) && k(i)
        }
        Node::Concat(v) => concat(v, s, i, k),
        Node::Alt(v) => v.iter().any(|x| mat(x, s, i, k)),
        Node::Repeat(x, min, max, greedy) => rep(x, *min, *max, *greedy, s, i, 0, k),
    }
}

fn concat(v: &[Node], s: &[char], i: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match v.split_first() {
        None => k(i),
        Some((head, rest)) => mat(head, s, i, &mut |p| concat(rest, s, p, k)),
    }
}

fn rep(x: &Node, min: usize, max: Option<usize>, greedy: bool, s: &[char], i: usize, count: usize,
       k: &mut dyn FnMut(usize) -> bool) -> bool {
    if count < min {
        return mat(x, s, i, &mut |p| rep(x, min, max, greedy, s, p, count + 1, k));
    }
    let more = max.map_or(true, |m| count < m);
    if greedy {
        if more && mat(x, s, i, &mut |p| p != i && rep(x, min, max, greedy, s, p, count + 1, k)) {
            return true;
        }
        k(i)
    } else {
        if k(i) { return true; }
        more && mat(x, s, i, &mut |p| p != i && rep(x, min, max, greedy, s, p, count + 1, k))
    }
}

#[derive(Clone, Debug)]
pub struct Regex { source: String, root: Node }

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match<'t> { text: &'t str, start: usize, end: usize }

impl<'t> Match<'t> {
    pub fn start(&self) -> usize { self.start }
    pub fn end(&self) -> usize { self.end }
    pub fn as_str(&self) -> &'t str { &self.text[self.start..self.end] }
    pub fn range(&self) -> std::ops::Range<usize> { self.start..self.end }
}

impl Regex {
    pub fn new(pattern: &str) -> Result<Regex, Error> {
        let mut p = Parser { chars: pattern.chars().collect(), pos: 0 };
        let root = p.alt()?;
        if p.pos != p.chars.len() { return Err(Error("unopened group".into())); }
        Ok(Regex { source: pattern.to_string(), root })
    }
    pub fn as_str(&self) -> &str { &self.source }

    fn spans(&self, text: &str, limit: usize) -> Vec<(usize, usize)> {
        let chars: Vec<char> = text.chars().collect();
        let mut offsets: Vec<usize> = text.char_indices().map(|(b, _)| b).collect();
        offsets.push(text.len());
        let mut out = Vec::new();
        let mut i = 0;
        let mut last_end: Option<usize> = None;
        while i <= chars.len() && out.len() < limit {
            let mut end = None;
            mat(&self.root, &chars, i, &mut |p| { end = Some(p); true });
            match end {
                Some(e) if e == i && last_end == Some(i) => { i += 1; }
                Some(e) => {
                    out.push((offsets[i], offsets[e]));
                    last_end = Some(e);
                    i = if e > i { e } else { i + 1 };
                }
                None => { i += 1; }
            }
        }
        out
    }
    pub fn is_match(&self, text: &str) -> bool { !self.spans(text, 1).is_empty() }
    pub fn find<'t>(&self, text: &'t str) -> Option<Match<'t>> {
        self.spans(text, 1).first().map(|&(start, end)| Match { text, start, end })
    }
    pub fn find_iter<'t>(&self, text: &'t str) -> std::vec::IntoIter<Match<'t>> {
        self.spans(text, usize::MAX).into_iter().map(|(start, end)| Match { text, start, end })
            .collect::<Vec<_>>().into_iter()
    }
    pub fn split<'t>(&self, text: &'t str) -> std::vec::IntoIter<&'t str> {
        let mut out = Vec::new();
        let mut last = 0;
        for (start, end) in self.spans(text, usize::MAX) {
            if end == 0 && start == 0 { continue; }
            out.push(&text[last..start]);
            last = end;
        }
        out.push(&text[last..]);
        out.into_iter()
    }
    pub fn replace_all<'t>(&self, text: &'t str, rep: &str) -> Cow<'t, str> {
        let spans = self.spans(text, usize::MAX);
        if spans.is_empty() { return Cow::Borrowed(text); }
        let mut out = String::new();
        let mut last = 0;
        for (start, end) in spans {
            out.push_str(&text[last..start]);
            out.push_str(rep);
            last = end;
        }
        out.push_str(&text[last..]);
        Cow::Owned(out)
    }
    pub fn replace<'t>(&self, text: &'t str, rep: &str) -> Cow<'t, str> {
        match self.find(text) {
            None => Cow::Borrowed(text),
            Some(m) => Cow::Owned(format!("{}{}{}", &text[..m.start], rep, &text[m.end..])),
        }
    }
}
