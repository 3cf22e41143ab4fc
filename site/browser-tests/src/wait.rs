//! Waiting by condition, never by the clock: [`wait_until`] polls a condition until it holds or
//! a stated time-out passes.

use std::future::Future;
use std::time::{Duration, Instant};

/// How often a condition is checked.
const POLL_EVERY: Duration = Duration::from_millis(50);

/// Polls `condition` every 50 ms until it gives `Ok(value)`, for at most `timeout`, and returns
/// the value. `condition` gives `Err(seen)` while it does not hold, `seen` saying what it found
/// instead.
///
/// ```no_run
/// # async fn f(client: &pickanumber_browser_tests::Client) {
/// use pickanumber_browser_tests::{text, wait_until};
/// use std::time::Duration;
/// wait_until(
///     || async {
///         let shown = text(client, "out-final").await;
///         if shown == "59" { Ok(()) } else { Err(format!("{shown:?}")) }
///     },
///     Duration::from_secs(5),
///     "#out-final to show \"59\"",
/// )
/// .await;
/// # }
/// ```
///
/// # Panics
///
/// After `timeout`, with `what` (what was waited for) and the last `seen`:
/// `waited 5.0 s for #out-final to show "59"; last seen: "58"`.
pub async fn wait_until<T, F, Fut>(condition: F, timeout: Duration, what: &str) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, String>>,
{
    match poll(condition, timeout).await {
        Ok(value) => value,
        Err(seen) => panic!(
            "waited {:.1} s for {what}; last seen: {seen}",
            timeout.as_secs_f64()
        ),
    }
}

/// [`wait_until`] without the panic: `Err` holds the last `seen`, for callers that add more to
/// the failure message (such as the browser's console log).
pub(crate) async fn poll<T, F, Fut>(mut condition: F, timeout: Duration) -> Result<T, String>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, String>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        match condition().await {
            Ok(value) => return Ok(value),
            Err(seen) if Instant::now() >= deadline => return Err(seen),
            Err(_) => tokio::time::sleep(POLL_EVERY).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[tokio::test]
    async fn returns_the_value_once_the_condition_holds() {
        let calls = Cell::new(0);
        let got = wait_until(
            || {
                calls.set(calls.get() + 1);
                let n = calls.get();
                async move { (n >= 3).then_some(n).ok_or(format!("{n} calls")) }
            },
            Duration::from_secs(5),
            "three calls",
        )
        .await;
        assert_eq!(got, 3);
    }

    #[tokio::test]
    #[should_panic(expected = "waited 0.1 s for the impossible; last seen: still no")]
    async fn says_what_it_waited_for() {
        wait_until(
            || async { Err::<(), _>("still no".to_owned()) },
            Duration::from_millis(100),
            "the impossible",
        )
        .await;
    }
}
