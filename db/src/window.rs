//! A window onto a long list: the office's, which the database reads as LIMIT and OFFSET.

pub use eagles_office::window::Window;
