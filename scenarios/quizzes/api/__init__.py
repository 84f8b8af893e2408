"""The quiz JSON API: quizzes, exam blueprints, and the editors' questions."""
