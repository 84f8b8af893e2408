"""The knowledge base: formats, articles, revisions, glossary, links, search and the editor."""
