// Tries to reach a listener on the host, then gives up.
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

fn main() {
    let addr: SocketAddr = "127.0.0.1:PORT".parse().unwrap();
    match TcpStream::connect_timeout(&addr, Duration::from_secs(2)) {
        Ok(_) => eprintln!("connected"),
        Err(e) => eprintln!("no network: {}", e),
    }
    std::process::exit(3);
}
