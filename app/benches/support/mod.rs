//! What the benchmarks share: percentiles and a one-line report per measure.

use std::time::Duration;

/// The `p` quantile (0 to 1) of sorted samples.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Prints median, 99th percentile and maximum of `samples` against `target`
/// (met when the median is under it).
pub fn report(name: &str, mut samples: Vec<Duration>, target: Duration) {
    samples.sort();
    let median = percentile(&samples, 0.5);
    println!(
        "{name:<44} median {:>9.2?}  p99 {:>9.2?}  max {:>9.2?}  n={}  target {:?}: {}",
        median,
        percentile(&samples, 0.99),
        samples.last().copied().unwrap_or_default(),
        samples.len(),
        target,
        if median < target { "met" } else { "MISSED" }
    );
}
