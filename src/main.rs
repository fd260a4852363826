//! The `myriad` command line.
fn main() {
    println!("myriad");
}
