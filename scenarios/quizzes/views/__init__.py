"""The quiz pages: choosing, taking and reviewing quizzes, and the editors' question bank."""
