"""The rules knowledge base: formats, articles, revisions, glossary, links and search."""
