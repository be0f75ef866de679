//! execir's stand-in for the `rand` crate (0.7 API subset): deterministic, seeded per process.
use std::cell::Cell;

thread_local! { static STATE: Cell<u64> = Cell::new(0x9E37_79B9_7F4A_7C15); }

fn next() -> u64 {
    STATE.with(|s| {
        let mut x = s.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        s.set(x);
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    })
}

pub trait SampleUniform: Copy {
    fn sample_between(low: Self, high: Self) -> Self;
}

macro_rules! uniform_int {
    ($($t:ty),*) => {$(
        impl SampleUniform for $t {
            fn sample_between(low: Self, high: Self) -> Self {
                assert!(low < high, "gen_range: low must be below high");
                let span = (high as i128 - low as i128) as u128;
                (low as i128 + (next() as u128 % span) as i128) as $t
            }
        }
    )*};
}
uniform_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

macro_rules! uniform_float {
    ($($t:ty),*) => {$(
        impl SampleUniform for $t {
            fn sample_between(low: Self, high: Self) -> Self {
                assert!(low < high, "gen_range: low must be below high");
                let unit = (next() >> 11) as f64 / (1u64 << 53) as f64;
                low + (high - low) * unit as $t
            }
        }
    )*};
}
uniform_float!(f32, f64);

pub trait Standard: Sized {
    fn standard() -> Self;
}

macro_rules! standard_int {
    ($($t:ty),*) => {$( impl Standard for $t { fn standard() -> Self { next() as $t } } )*};
}
standard_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
impl Standard for f64 { fn standard() -> Self { (next() >> 11) as f64 / (1u64 << 53) as f64 } }
impl Standard for f32 { fn standard() -> Self { (next() >> 40) as f32 / (1u32 << 24) as f32 } }
impl Standard for bool { fn standard() -> Self { next() & 1 == 1 } }
impl Standard for char {
    fn standard() -> Self { std::char::from_u32((next() % 0xD800) as u32).unwrap_or('a') }
}

pub trait RngCore {
    fn next_u64(&mut self) -> u64;
    fn next_u32(&mut self) -> u32 { self.next_u64() as u32 }
}

pub trait Rng: RngCore {
    fn gen<T: Standard>(&mut self) -> T { T::standard() }
    fn gen_range<T: SampleUniform>(&mut self, low: T, high: T) -> T { T::sample_between(low, high) }
    fn gen_bool(&mut self, p: f64) -> bool { f64::standard() < p }
}

impl<R: RngCore + ?Sized> Rng for R {}

#[derive(Clone, Debug, Default)]
pub struct ThreadRng;

impl RngCore for ThreadRng {
    fn next_u64(&mut self) -> u64 { next() }
}

pub fn thread_rng() -> ThreadRng { ThreadRng }

pub fn random<T: Standard>() -> T { T::standard() }

pub mod rngs { pub use super::ThreadRng; }
pub mod prelude { pub use super::{random, thread_rng, Rng, RngCore}; }
