// Rust panics of distinct kinds, one per mode, for gred triage's crash
// corpus (run with RUST_BACKTRACE=1).
use std::env;

fn get_dim(dims: &[usize], i: usize) -> usize {
    dims[i]
}

fn parse_shape(s: &str) -> usize {
    s.parse::<usize>().ok().unwrap()
}

fn check_rank(r: usize) -> usize {
    if r > 4 {
        panic!("unsupported rank {}", r);
    }
    r
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let n: usize = args[2].parse().unwrap_or(0);
    let v = match args[1].as_str() {
        "index" => get_dim(&[1, 2, 3], n),
        "unwrap" => parse_shape(&args[2]),
        _ => check_rank(n),
    };
    println!("{}", v);
}
