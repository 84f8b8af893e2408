"""The project's own pages: error pages and sign-up."""
