"""The rulings site: the Django project configuration (project/), the knowledge-base app
(knowledge/) and the bundled rule content (content/). See docs/architecture.md."""
