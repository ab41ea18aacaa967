"""Django's Redis cache, with one client per connection pool instead of one per call.

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every cache
operation, and redis-py (8.x) builds its whole table of some 170 response callbacks in
that constructor (redis-py issue #3624): about a third of a cache call's CPU, paid by
every session read, cached fragment and rate-limit count. A `redis.Redis` is safe to
share between threads (it takes a connection from its pool per command), so each pool
keeps one.
"""

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    """`get_client` answers the same `redis.Redis` for the same pool every time."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # By the pool's id: the pools live as long as this client, in `self._pools`.
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(django_redis.RedisCache):
    """Django's `RedisCache` on `RedisCacheClient` above; configured the same way."""

    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
