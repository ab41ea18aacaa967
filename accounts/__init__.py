"""Who may do what on the site: the two roles and the decorators views state access with.

Not a Django app of its own (it has no models): a plain package that clubs, tournaments and
scoring's web pages all import, so that none of them has to import another for it.
"""
