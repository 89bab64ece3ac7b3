//! The one enum of searches, as the request layer names it: the search
//! floor's own (`search::Search`), which every door asks for.

pub use crate::search::kind::Search;
