//! The site's base path → the address of each root link, written as the page is built.
//!
//! Authors and templates name pages and assets from the site's root (`/paper/`,
//! `/calc/boot.js`); a site served under a sub-path (`base_url = "/pickanumber/"`) needs them
//! under it. Every writer of a root link asks [`Base::url`] for the address: the `links` stage
//! for markdown links and images, the template for its assets and navigation, the static boxes
//! for the links they hold. Nothing rewrites finished HTML, so a link is moved once, where it is
//! made, and the records the link check reads keep the site path the author wrote.

use std::borrow::Cow;

/// The path the site is served under: `/` or `/name/` (checked by [`crate::config`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Base<'a>(&'a str);

impl<'a> Base<'a> {
    /// The site at the host's root.
    pub const ROOT: Base<'static> = Base("/");

    /// The base path `path`, which starts and ends with `/` (as [`crate::config::SiteConfig`]
    /// keeps it).
    pub fn new(path: &'a str) -> Base<'a> {
        debug_assert!(path.starts_with('/') && path.ends_with('/'));
        Base(path)
    }

    /// The address of `target`: a root link (`/paper/#x`) moves under the base path
    /// (`/pickanumber/paper/#x`); anything else (`#top`, `https://…`, `//host/…`, a relative
    /// path) is returned as it is.
    pub fn url<'t>(self, target: &'t str) -> Cow<'t, str> {
        match target.strip_prefix('/') {
            Some(rest) if !rest.starts_with('/') && self.0 != "/" => {
                Cow::Owned(format!("{}{rest}", self.0))
            }
            _ => Cow::Borrowed(target),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Base;

    #[test]
    fn root_links_move_under_the_base_and_nothing_else_does() {
        let sub = Base::new("/pickanumber/");
        assert_eq!(sub.url("/paper/#x"), "/pickanumber/paper/#x");
        assert_eq!(sub.url("/"), "/pickanumber/");
        assert_eq!(sub.url("/#try"), "/pickanumber/#try");
        for same in [
            "#top",
            "https://example.org/a",
            "//cdn.example/x",
            "paper/",
            "",
        ] {
            assert_eq!(sub.url(same), same);
        }
        for any in ["/paper/#x", "/", "#top", "//cdn.example/x"] {
            assert_eq!(Base::ROOT.url(any), any);
        }
    }
}
