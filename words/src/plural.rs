//! The plural rule of a catalog: the C expression of gettext's
//! `Plural-Forms` header, parsed once and evaluated for each count.
//!
//! The grammar is C's, restricted to what plural rules use: the variable `n`,
//! non-negative integer literals, parentheses, `?:`, `||`, `&&`, `==`, `!=`,
//! `<`, `>`, `<=`, `>=`, `+`, `-`, `*`, `/`, `%` and the unary `!` and `-`,
//! with C's precedence and associativity. A comparison or a `!` is 1 or 0, as
//! in C; a division or remainder by zero is 0 instead of undefined.
//!
//! Slint's bundler reads the same header for the screen's labels and knows a
//! smaller grammar (no `+`, `-`, `*`, `/` and no unary `!`); every rule in
//! gettext's table of languages fits in it, so a rule copied from there works
//! for both.

use std::fmt;

/// A parsed plural rule, such as `n != 1` or Polish's three forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluralRule {
    expr: Expr,
}

/// Why a plural rule could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluralError {
    /// What was wrong.
    pub message: String,
    /// The byte offset in the expression where it was noticed.
    pub at: usize,
}

impl fmt::Display for PluralError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.at)
    }
}

impl std::error::Error for PluralError {}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Expr {
    N,
    Int(i64),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(Op, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl PluralRule {
    /// English's and Italian's rule, `n != 1`: form 0 for one, form 1 for
    /// every other count (zero included).
    pub fn one_other() -> PluralRule {
        PluralRule { expr: Expr::Binary(Op::Ne, Box::new(Expr::N), Box::new(Expr::Int(1))) }
    }

    /// Parses the expression after `plural=` (without the trailing `;`).
    pub fn parse(text: &str) -> Result<PluralRule, PluralError> {
        let mut p = Parser { src: text.as_bytes(), pos: 0, depth: 0 };
        let expr = p.ternary()?;
        p.skip_space();
        if p.pos != p.src.len() {
            return Err(p.error("unexpected text after the expression"));
        }
        Ok(PluralRule { expr })
    }

    /// Reads the rule from a whole `Plural-Forms` header value, such as
    /// `nplurals=2; plural=(n != 1);`, with the number of forms.
    pub fn from_header(value: &str) -> Result<(usize, PluralRule), PluralError> {
        let mut nplurals = None;
        let mut rule = None;
        for part in value.split(';') {
            let Some((key, v)) = part.split_once('=') else {
                if part.trim().is_empty() {
                    continue;
                }
                return Err(PluralError { message: format!("“{}” is not key=value", part.trim()), at: 0 });
            };
            match key.trim() {
                "nplurals" => {
                    let n: usize = v.trim().parse().map_err(|_| PluralError {
                        message: format!("nplurals “{}” is not a number", v.trim()),
                        at: 0,
                    })?;
                    nplurals = Some(n);
                }
                "plural" => rule = Some(PluralRule::parse(v)?),
                other => return Err(PluralError { message: format!("unknown key “{other}”"), at: 0 }),
            }
        }
        match (nplurals, rule) {
            (Some(0), _) => Err(PluralError { message: "nplurals must be at least 1".into(), at: 0 }),
            (Some(n), Some(rule)) => Ok((n, rule)),
            (None, _) => Err(PluralError { message: "nplurals is missing".into(), at: 0 }),
            (_, None) => Err(PluralError { message: "plural= is missing".into(), at: 0 }),
        }
    }

    /// The index of the form for `n` (as the expression says: the caller
    /// checks it against the number of forms). Negative results are 0.
    pub fn index(&self, n: u64) -> usize {
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        usize::try_from(eval(&self.expr, n)).unwrap_or(0)
    }
}

fn eval(e: &Expr, n: i64) -> i64 {
    match e {
        Expr::N => n,
        Expr::Int(i) => *i,
        Expr::Not(a) => i64::from(eval(a, n) == 0),
        Expr::Neg(a) => eval(a, n).wrapping_neg(),
        Expr::If(c, a, b) => {
            if eval(c, n) != 0 {
                eval(a, n)
            } else {
                eval(b, n)
            }
        }
        Expr::Binary(Op::Or, a, b) => i64::from(eval(a, n) != 0 || eval(b, n) != 0),
        Expr::Binary(Op::And, a, b) => i64::from(eval(a, n) != 0 && eval(b, n) != 0),
        Expr::Binary(op, a, b) => {
            let (a, b) = (eval(a, n), eval(b, n));
            match op {
                Op::Eq => i64::from(a == b),
                Op::Ne => i64::from(a != b),
                Op::Lt => i64::from(a < b),
                Op::Gt => i64::from(a > b),
                Op::Le => i64::from(a <= b),
                Op::Ge => i64::from(a >= b),
                Op::Add => a.wrapping_add(b),
                Op::Sub => a.wrapping_sub(b),
                Op::Mul => a.wrapping_mul(b),
                Op::Div => a.checked_div(b).unwrap_or(0),
                Op::Rem => a.checked_rem(b).unwrap_or(0),
                Op::Or | Op::And => unreachable!("handled above"),
            }
        }
    }
}

/// Deeper nesting than this is refused (no real rule comes close).
const MAX_DEPTH: usize = 100;

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> PluralError {
        PluralError { message: message.into(), at: self.pos }
    }

    fn skip_space(&mut self) {
        while self.src.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
    }

    /// Consumes `token` if it comes next (after spaces), unless it is the
    /// start of a longer operator listed in `not_followed_by`.
    fn eat(&mut self, token: &str, not_followed_by: &[u8]) -> bool {
        self.skip_space();
        let rest = &self.src[self.pos..];
        if rest.starts_with(token.as_bytes()) && !rest.get(token.len()).is_some_and(|c| not_followed_by.contains(c)) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn deeper(&mut self) -> Result<(), PluralError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(self.error("the expression nests too deeply"))
        } else {
            Ok(())
        }
    }

    /// `or ('?' ternary ':' ternary)?`, right-associative.
    fn ternary(&mut self) -> Result<Expr, PluralError> {
        self.deeper()?;
        let cond = self.binary(0)?;
        let e = if self.eat("?", &[]) {
            let yes = self.ternary()?;
            if !self.eat(":", &[]) {
                return Err(self.error("expected “:”"));
            }
            let no = self.ternary()?;
            Expr::If(Box::new(cond), Box::new(yes), Box::new(no))
        } else {
            cond
        };
        self.depth -= 1;
        Ok(e)
    }

    /// Left-associative binary operators, by C's precedence levels.
    fn binary(&mut self, level: usize) -> Result<Expr, PluralError> {
        // Longer tokens first: `<=` before `<`.
        const LEVELS: &[&[(&str, Op)]] = &[
            &[("||", Op::Or)],
            &[("&&", Op::And)],
            &[("==", Op::Eq), ("!=", Op::Ne)],
            &[("<=", Op::Le), (">=", Op::Ge), ("<", Op::Lt), (">", Op::Gt)],
            &[("+", Op::Add), ("-", Op::Sub)],
            &[("*", Op::Mul), ("/", Op::Div), ("%", Op::Rem)],
        ];
        let Some(ops) = LEVELS.get(level) else { return self.unary() };
        self.deeper()?;
        let mut left = self.binary(level + 1)?;
        'more: loop {
            for (token, op) in *ops {
                if self.eat(token, &[]) {
                    let right = self.binary(level + 1)?;
                    left = Expr::Binary(*op, Box::new(left), Box::new(right));
                    continue 'more;
                }
            }
            break;
        }
        self.depth -= 1;
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, PluralError> {
        self.deeper()?;
        let e = if self.eat("!", b"=") {
            Expr::Not(Box::new(self.unary()?))
        } else if self.eat("-", &[]) {
            Expr::Neg(Box::new(self.unary()?))
        } else {
            self.primary()?
        };
        self.depth -= 1;
        Ok(e)
    }

    fn primary(&mut self) -> Result<Expr, PluralError> {
        self.skip_space();
        match self.src.get(self.pos) {
            Some(b'n') => {
                self.pos += 1;
                if self.src.get(self.pos).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
                    return Err(self.error("the only variable is n"));
                }
                Ok(Expr::N)
            }
            Some(b'(') => {
                self.pos += 1;
                let e = self.ternary()?;
                if !self.eat(")", &[]) {
                    return Err(self.error("expected “)”"));
                }
                Ok(e)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                while self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
                    self.pos += 1;
                }
                let digits = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or_default();
                digits
                    .parse()
                    .map(Expr::Int)
                    .map_err(|_| PluralError { message: format!("the number {digits} is too large"), at: start })
            }
            Some(_) => Err(self.error("expected n, a number or “(”")),
            None => Err(self.error("the expression ends too soon")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms(rule: &str, ns: &[u64]) -> Vec<usize> {
        let r = PluralRule::parse(rule).unwrap();
        ns.iter().map(|&n| r.index(n)).collect()
    }

    #[test]
    fn precedence_is_cs() {
        assert_eq!(forms("1 + 2 * 3", &[0]), [7]);
        assert_eq!(forms("(1 + 2) * 3", &[0]), [9]);
        assert_eq!(forms("10 - 4 - 3", &[0]), [3]);
        assert_eq!(forms("n % 10 == 1 && n % 100 != 11", &[1, 11, 21, 111]), [1, 0, 1, 0]);
        assert_eq!(forms("!n", &[0, 5]), [1, 0]);
        assert_eq!(forms("!(n != 1)", &[1, 2]), [1, 0]);
        assert_eq!(forms("n == 0 || n == 1 && 0", &[0, 1]), [1, 0]);
        assert_eq!(forms("n ? 1 : 0 ? 2 : 3", &[0, 4]), [3, 1]);
        assert_eq!(forms("n / 0 + n % 0", &[7]), [0]);
        assert_eq!(forms("-1", &[0]), [0], "negative indexes are form 0");
        assert_eq!(forms("n<=1?0:n>=5?2:1", &[1, 3, 5]), [0, 1, 2]);
    }

    #[test]
    fn malformed_rules_are_refused() {
        for bad in ["", "n +", "(n", "n ? 1", "m", "nn", "n == 1 )", "1 2", "n != 1;"] {
            assert!(PluralRule::parse(bad).is_err(), "{bad:?} parsed");
        }
        let deep = format!("{}n{}", "(".repeat(500), ")".repeat(500));
        assert!(PluralRule::parse(&deep).is_err());
    }

    #[test]
    fn headers() {
        let (n, r) = PluralRule::from_header("nplurals=2; plural=(n != 1);").unwrap();
        assert_eq!(n, 2);
        assert_eq!(r, PluralRule::parse("n != 1").unwrap());
        assert!(PluralRule::from_header("plural=n != 1;").is_err());
        assert!(PluralRule::from_header("nplurals=2;").is_err());
        assert!(PluralRule::from_header("nplurals=0; plural=0;").is_err());
    }
}
