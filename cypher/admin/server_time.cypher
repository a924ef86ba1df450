RETURN datetime() AS now
