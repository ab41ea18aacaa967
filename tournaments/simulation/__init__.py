"""A simulated federation's history (`manage.py simulate_history`): clubs, players and
years of finished tournaments, built through the services as the site would write them.

Each simulated player has a hidden true skill (`skills.skill_of`) drawn from the run's
seed and kept out of the database: it tilts the hands generated (`hands`), so a rating
computed later can be checked against it.
"""
