"""The read API at /api/v1/: what the site's public pages show, as JSON for other sites.

Built with Django REST framework and described by drf-spectacular's OpenAPI schema
(/api/v1/schema/, the docs page /api/v1/docs/). Every number comes from the function the
page itself calls (standings from `tournaments.drive.standings`, leaderboards from
`tournaments.leaderboard`, …): the API serialises, it never computes. Read-only; the
stateless `POST /api/score/` (scoring.views) is described in the same schema.
"""
