/**
 * What a migration's checksum is taken of (server/platform/db/sql-text.ts):
 * its SQL without comments and with whitespace between tokens made one
 * space. Anything inside a literal is the database's and is kept exactly,
 * comment markers and whitespace included.
 */
import { describe, expect, it } from 'vitest';
import { loadMigrations } from '../../server/platform/db/migrate';
import { SqlTextError, sqlWithoutComments as strip } from '../../server/platform/db/sql-text';

describe('sqlWithoutComments', () => {
  it('removes line and block comments, makes each run of whitespace one space and trims the ends', () => {
    expect(strip('-- heading\n\n  CREATE TABLE t (\n\tid int, -- the key\n  /* a\n block */ name text\n);\n\n')).toBe(
      'CREATE TABLE t ( id int, name text );',
    );
  });

  it('leaves text without comments as its tokens, one space apart', () => {
    expect(strip('SELECT 1;')).toBe('SELECT 1;');
    expect(strip('SELECT\r\n  a,b\f\v FROM\tt')).toBe('SELECT a,b FROM t');
    expect(strip('')).toBe('');
    expect(strip('  -- only a comment')).toBe('');
  });

  it('reads a comment as whitespace, so the tokens either side stay apart', () => {
    expect(strip('SELECT/* x */1')).toBe('SELECT 1');
    expect(strip('a/**/b')).toBe('a b');
    expect(strip('SELECT 1--x\nAS one')).toBe('SELECT 1 AS one');
  });

  it('starts a line comment at -- right after a token, even an operator', () => {
    expect(strip('SELECT 1-- one\n+2')).toBe('SELECT 1 +2');
    expect(strip('SELECT 2+-- plus\n3')).toBe('SELECT 2+ 3');
    expect(strip("SELECT 'a'-- after a string\n")).toBe("SELECT 'a'");
    expect(strip('SELECT x--')).toBe('SELECT x');
    expect(strip('SELECT 1 -- a\r\nAS one')).toBe('SELECT 1 AS one');
  });

  it('nests block comments as PostgreSQL does', () => {
    expect(strip('SELECT /* outer /* inner */ still a comment */ 1')).toBe('SELECT 1');
    expect(strip('SELECT /* /* /* three */ */ */ 1 /* end */')).toBe('SELECT 1');
    expect(strip('SELECT /* -- a line comment inside\n*/ 1')).toBe('SELECT 1');
    expect(strip('SELECT 1; -- /* not a block comment\nSELECT 2')).toBe('SELECT 1; SELECT 2');
  });

  it('keeps comment markers and whitespace inside single-quoted strings, with doubled quotes', () => {
    expect(strip("SELECT '-- not a comment', '/* nor this */'")).toBe("SELECT '-- not a comment', '/* nor this */'");
    expect(strip("SELECT 'it''s -- kept'  -- dropped\n")).toBe("SELECT 'it''s -- kept'");
    expect(strip("SELECT ''''--x\n")).toBe("SELECT ''''");
    expect(strip("SELECT 'a   b\n\t c'")).toBe("SELECT 'a   b\n\t c'");
    // A backslash is an ordinary character in a plain string: the string ends at the next quote.
    expect(strip("SELECT '\\' -- a comment\n, 1")).toBe("SELECT '\\' , 1");
  });

  it('keeps E strings whole, where a backslash escapes the quote', () => {
    expect(strip("SELECT E'\\' -- still the string'")).toBe("SELECT E'\\' -- still the string'");
    expect(strip("SELECT e'a\\\\' -- a comment\n")).toBe("SELECT e'a\\\\'");
    expect(strip("SELECT E'it''s /* kept */  here'")).toBe("SELECT E'it''s /* kept */  here'");
    // A word that only ends in E is a name; the string after it is plain.
    expect(strip("SELECT typE'\\' -- a comment\n")).toBe("SELECT typE'\\'");
  });

  it('keeps the other prefixed strings as plain strings', () => {
    expect(strip("SELECT B'1010', X'1F', N'-- n', U&'d\\0061t -- u'")).toBe("SELECT B'1010', X'1F', N'-- n', U&'d\\0061t -- u'");
  });

  it('keeps double-quoted identifiers whole, with doubled quotes', () => {
    expect(strip('SELECT 1 AS "a -- b", 2 AS "x""/* y"  -- c\n')).toBe('SELECT 1 AS "a -- b", 2 AS "x""/* y"');
    expect(strip('CREATE TABLE "my  table" ("it\'s" int)')).toBe('CREATE TABLE "my  table" ("it\'s" int)');
  });

  it('keeps dollar-quoted bodies whole, with or without a tag', () => {
    const body = '$$\nBEGIN\n  -- kept: the database stores the body\n  /* kept */ PERFORM 1;\nEND\n$$';
    expect(strip(`CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS ${body}; -- gone`)).toBe(
      `CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS ${body};`,
    );
    expect(strip("DO $do$ BEGIN RAISE NOTICE '$$ -- inside'; END $do$ -- gone\n")).toBe("DO $do$ BEGIN RAISE NOTICE '$$ -- inside'; END $do$");
    expect(strip('SELECT $a$ x $ab$ y  $a$')).toBe('SELECT $a$ x $ab$ y  $a$');
    expect(strip("SELECT $_1$ it's $_1$, $é$ -- $é$")).toBe("SELECT $_1$ it's $_1$, $é$ -- $é$");
  });

  it('starts no dollar quote at a $ inside a name or before a parameter number', () => {
    expect(strip('SELECT a$b$c -- a comment\n, $1 -- another\n')).toBe('SELECT a$b$c , $1');
    expect(strip('SELECT $1, $2 /* c */')).toBe('SELECT $1, $2');
  });

  it('keeps a newline between strings that PostgreSQL joins into one, and a space where it does not', () => {
    expect(strip("SELECT 'a'\n  'b'")).toBe("SELECT 'a'\n'b'");
    expect(strip("SELECT 'a' -- a comment\n  'b'")).toBe("SELECT 'a'\n'b'");
    expect(strip("SELECT 'a' /* no newline */ 'b'")).toBe("SELECT 'a' 'b'");
    expect(strip("SELECT 'a'\n  , 'b'")).toBe("SELECT 'a' , 'b'");
    // The joined part of an E string keeps its backslash escapes.
    expect(strip("SELECT E'a'\n'\\' -- still the string'")).toBe("SELECT E'a'\n'\\' -- still the string'");
    expect(strip("SELECT 'a'\n'\\' -- a comment\n")).toBe("SELECT 'a'\n'\\'");
  });

  it('refuses text that ends inside a literal or a comment', () => {
    expect(() => strip("SELECT 'open")).toThrow(SqlTextError);
    expect(() => strip("SELECT E'open\\'")).toThrow(/Unterminated string starting on line 1/);
    expect(() => strip('SELECT 1;\nSELECT "open')).toThrow(/Unterminated quoted identifier starting on line 2/);
    expect(() => strip('SELECT 1 /* outer /* inner */')).toThrow(/Unterminated block comment/);
    expect(() => strip('DO $x$ BEGIN END $y$')).toThrow(/Unterminated dollar-quoted text \$x\$/);
  });

  it('gives the same text when run again', () => {
    const text = "SELECT 'a'\n'b', E'\\'' /* c */ FROM t -- d\n WHERE x = $$ -- e $$";
    expect(strip(strip(text))).toBe(strip(text));
  });
});

describe('the migrations without their comments', () => {
  it.each(loadMigrations().map((m) => [m.name, m.sql] as const))('%s keeps none of its comments', (_name, sql) => {
    // None of the migrations has a comment marker inside a literal.
    expect(sql).not.toMatch(/--|\/\*|\*\//);
    expect(sql).not.toMatch(/^\s|\s$/);
    expect(strip(sql)).toBe(sql);
  });
});
