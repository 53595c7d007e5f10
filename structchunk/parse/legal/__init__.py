"""Statutes: the legal grammar (`grammar`), the line parser (`parser`), the tree builder
(`assemble`) and the steps that find a law inside another format (`steps`)."""
