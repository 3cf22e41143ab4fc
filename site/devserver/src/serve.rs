//! [`start`]: serves a [`Site`] on HTTP/1.1 ([`tiny_http`]) from background threads, sending
//! what [`respond`] answers.

use std::io;
use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::Arc;

use crate::respond::respond;
use crate::site::Site;

/// Threads answering requests, so a slow reader never holds up the others.
const WORKERS: usize = 4;

/// Binds `addr` and serves `site` from background threads for the rest of the process;
/// returns the bound address (useful with port 0).
///
/// # Errors
///
/// When the address cannot be bound, for example because the port is taken.
pub fn start(site: Site, addr: impl ToSocketAddrs) -> io::Result<SocketAddr> {
    let server = tiny_http::Server::http(addr).map_err(io::Error::other)?;
    let local = server.server_addr().to_ip().ok_or_else(|| io::Error::other("not on IP"))?;
    let (server, site) = (Arc::new(server), Arc::new(site));
    for n in 0..WORKERS {
        let (server, site) = (Arc::clone(&server), Arc::clone(&site));
        std::thread::Builder::new().name(format!("devserver-{n}")).spawn(move || loop {
            match server.recv() {
                Ok(request) => send(&site, request),
                // tiny_http stops accepting after an error such as too many open files.
                Err(e) => return eprintln!("devserver on {local} stopped accepting: {e}"),
            }
        })?;
    }
    Ok(local)
}

/// Sends [`respond`]'s answer to `request`; a client gone mid-way only loses its own answer.
fn send(site: &Site, request: tiny_http::Request) {
    let gzip = request.headers().iter().any(|h| {
        h.field.equiv("Accept-Encoding") && h.value.as_str().to_ascii_lowercase().contains("gzip")
    });
    let a = respond(site, request.method().as_str(), request.url(), gzip);
    // Always a Content-Length, never chunks: sizes read by a client are the bytes sent.
    let mut response = tiny_http::Response::from_data(a.body)
        .with_status_code(a.status)
        .with_chunked_threshold(usize::MAX);
    let types =
        [("Content-Type", a.content_type.into()), ("X-Content-Type-Options", "nosniff".into())];
    for (name, value) in types.into_iter().chain(a.headers) {
        if let Ok(header) = tiny_http::Header::from_bytes(name, value.as_bytes()) {
            response.add_header(header);
        }
    }
    let _ = request.respond(response);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serves_over_tcp_with_gzip_only_when_asked() {
        let dir = crate::respond::tests::site_dir("tcp");
        let big = "<p>words</p>".repeat(200);
        std::fs::write(dir.join("big.html"), &big).unwrap();
        let addr = start(Site::new(&dir).under("/sub/"), "127.0.0.1:0").unwrap();
        let get = |path: &str| minreq::get(format!("http://{addr}{path}"));
        let wasm = get("/sub/calc/app_bg.wasm").send().unwrap();
        assert_eq!((wasm.status_code, wasm.as_bytes()), (200, &b"\0asm"[..]));
        assert_eq!(wasm.headers["content-type"], "application/wasm");
        let plain = get("/sub/big.html").send().unwrap();
        assert_eq!(plain.as_str().unwrap(), big);
        assert!(!plain.headers.contains_key("content-encoding"));
        let zipped =
            get("/sub/big.html").with_header("Accept-Encoding", "gzip, br").send().unwrap();
        assert_eq!(zipped.headers["content-encoding"], "gzip");
        assert!(zipped.as_bytes().len() < big.len() / 10);
        assert_eq!(get("/big.html").send().unwrap().status_code, 404);
        let head = minreq::head(format!("http://{addr}/sub/")).send().unwrap();
        assert_eq!((head.status_code, head.as_bytes().len()), (200, 0));
    }
}
