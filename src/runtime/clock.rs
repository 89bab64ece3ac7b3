//! The clock the searches read: the system's monotonic clock, or in a browser
//! (`wasm32-unknown-unknown`, which has no clock of its own: `std`'s
//! `Instant::now` panics there) whatever clock the page hands in with
//! `set_source` (wasm32 only), `performance.now()` say.
//!
//! Until a source is set the browser's clock stands still: durations are zero
//! and a deadline never passes, so a search bounded by time alone would only
//! end by its other budgets.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use browser::{Instant, set_source};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod browser {
    use std::ops::{Add, Sub};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// The page's clock, in milliseconds from any fixed moment; 0 while unset.
    static SOURCE: AtomicUsize = AtomicUsize::new(0);

    /// Makes `now_ms` (milliseconds from a fixed moment, never going back) the
    /// clock of every search from here on.
    pub fn set_source(now_ms: fn() -> f64) {
        SOURCE.store(now_ms as usize, Ordering::Relaxed);
    }

    fn now_ms() -> f64 {
        match SOURCE.load(Ordering::Relaxed) {
            0 => 0.0,
            f => {
                // SAFETY: only `set_source` stores here, and it stores a `fn() -> f64`.
                let f: fn() -> f64 = unsafe { std::mem::transmute::<usize, fn() -> f64>(f) };
                f()
            }
        }
    }

    /// A moment on the page's clock, as `std::time::Instant` offers it.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            Instant(now_ms())
        }

        /// The time since this moment.
        pub fn elapsed(&self) -> Duration {
            Instant::now() - *self
        }

        /// The time from `earlier` to this moment (zero if it is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            *self - earlier
        }
    }

    impl Eq for Instant {}

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1e3)
        }
    }

    impl Sub for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1e3).max(0.0))
        }
    }
}
