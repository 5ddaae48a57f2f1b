// The repository's skills read from a commit's git objects: their front matter checked, the count and
// the size bounded with what was left out said, the body cut at its bound, and the names a text asks for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { parseSkill, readSkills, SKILL_LIMITS, type RepositorySkills } from "../../../src/skills/read.ts";
import { listedWithDescriptions, namedSkills, SkillReads } from "../../../src/skills/skill-reads.ts";
import { skillsSummary } from "../../../src/run/skills.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

const skillFile = (name: string, description = `What ${name} does.`, body = `Do ${name}.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`;

let repo: TempRepo;
let loaded: RepositorySkills;
beforeAll(async () => {
  const many = Object.fromEntries(
    Array.from({ length: SKILL_LIMITS.count + 2 }, (_, i) => {
      const name = `s${String(i).padStart(2, "0")}`;
      return [`.claude/skills/${name}/SKILL.md`, skillFile(name)];
    }),
  );
  repo = await createTempRepo({
    ".agents/skills/long/SKILL.md": skillFile("long", "Long.", "line\n".repeat(SKILL_LIMITS.body / 4)),
    ".agents/skills/huge/SKILL.md": skillFile("huge", "Huge.", "x".repeat(SKILL_LIMITS.read)),
    ".agents/skills/nested/deeper/SKILL.md": skillFile("deeper"),
    ".github/skills/other/SKILL.md": skillFile("wrong-name"),
    ...many,
  });
  const git = createGit(repo.dir);
  loaded = await readSkills(git, { branch: "main", commit: await repo.git("rev-parse", "HEAD") });
});
afterAll(() => repo.cleanup());

describe("readSkills", () => {
  it("lists at most the bound, in folder order, and leaves out each of the rest with why", () => {
    expect(loaded.skills).toHaveLength(SKILL_LIMITS.count);
    expect(loaded.skills[0]).toMatchObject({ name: "long", path: ".agents/skills/long/SKILL.md" });
    expect(loaded.skills.map((skill) => skill.name)).not.toContain("deeper");
    expect(loaded.leftOut).toEqual([
      { path: ".agents/skills/huge/SKILL.md", reason: "too large to read (over 64.0 KB)" },
      { path: ".github/skills/other/SKILL.md", reason: "its name wrong-name is not its folder's (other)" },
      { path: ".claude/skills/s31/SKILL.md", reason: `more than ${SKILL_LIMITS.count} skills` },
      { path: ".claude/skills/s32/SKILL.md", reason: `more than ${SKILL_LIMITS.count} skills` },
      { path: ".claude/skills/s33/SKILL.md", reason: `more than ${SKILL_LIMITS.count} skills` },
    ]);
  });

  it("cuts a long body at its bound and says so", async () => {
    const reads = new SkillReads(loaded, createGit(repo.dir));
    const long = loaded.skills.find((skill) => skill.name === "long")!;
    const text = await reads.framed(long);
    expect(Buffer.byteLength(text)).toBeLessThan(SKILL_LIMITS.body + 300);
    expect(text).toContain("[gitclaw: .agents/skills/long/SKILL.md ends here, cut to its first 16.0 KB.]");
    expect(text.endsWith(`</skill-${reads.token}>`)).toBe(true);
  });
});

describe("the prompt's list", () => {
  it("gives each description while they fit", () => {
    const prompt = new SkillReads(loaded, createGit(repo.dir)).promptLines()!;
    expect(prompt).toContain(".claude/skills/<name>/SKILL.md:\n- s00: What s00 does.\n- s01: What s01 does.");
    expect(listedWithDescriptions(loaded.skills)).toBe(true);
    expect(skillsSummary(loaded)).not.toContain("by name");
  });

  it("gives names only once the descriptions pass the bound, and the job summary says so", () => {
    const wordy = {
      ...loaded,
      skills: loaded.skills.map((skill) => ({
        ...skill,
        description: `${skill.name}: ${"what it is for. ".repeat(4)}`,
      })),
    };
    const prompt = new SkillReads(wordy, createGit(repo.dir)).promptLines()!;
    expect(Buffer.byteLength(prompt)).toBeLessThan(SKILL_LIMITS.list);
    expect(prompt).toContain(".claude/skills/<name>/SKILL.md: s00, s01, s02,");
    expect(prompt).not.toContain("what it is for");
    expect(listedWithDescriptions(wordy.skills)).toBe(false);
    const summary = skillsSummary(wordy);
    expect(summary).toContain("| s00 | `.claude/skills/s00/SKILL.md` | 54 B | listed by name |");
    expect(summary).toContain("The descriptions together pass 1.0 KB, so the prompt lists the skills by name");
  });
});

describe("parseSkill", () => {
  const at = ".agents/skills/deploy/SKILL.md";
  it("takes a valid front matter, other fields allowed", () => {
    const text =
      "---\nname: deploy\ndescription: >\n  Ship it.\n  Carefully.\nlicense: MIT\nallowed-tools: Bash\n---\nBody\n";
    expect(parseSkill(at, text)).toEqual({ name: "deploy", description: "Ship it. Carefully." });
  });
  it("reads a front matter of plain lines YAML refuses (': ' in a description), as clients do", () => {
    const text = "---\nname: deploy\ndescription: Ship it: the steps. Use when: a release.\n---\nBody\n";
    expect(parseSkill(at, text)).toEqual({ name: "deploy", description: "Ship it: the steps. Use when: a release." });
  });
  it.each([
    ["# Deploy\n", "no YAML front matter (a --- line, name: and description:, a --- line)"],
    ["---\nname: deploy\n---\n", 'front matter: "description": Invalid input: expected string, received undefined'],
    [
      "---\nname: Deploy\ndescription: x\n---\n",
      'front matter: "name" (found "Deploy"): lowercase letters, digits and single hyphens, not at either end',
    ],
    [
      "---\nname: deploy\ndescription: ''\n---\n",
      'front matter: "description" (found ""): Too small: expected string to have >=1 characters',
    ],
    ["---\nname: [deploy\n  - x\n---\n", "the front matter is not YAML:"],
  ])("refuses %j", (text, reason) => {
    const parsed = parseSkill(at, text);
    expect("reason" in parsed && parsed.reason).toContain(reason);
  });
});

describe("namedSkills", () => {
  it("finds /name lines and 'use the X skill', listed names only, not in quotes, at most three", () => {
    const texts = [
      "@gitclaw /s01 for the release",
      "> /s02 quoted from someone else\nplease use the `s03` skill and /unknown",
      "Use s04 skill. Also use the s05 skill, then /s06",
    ];
    expect(namedSkills(texts, loaded).map((skill) => skill.name)).toEqual(["s01", "s03", "s04"]);
    expect(namedSkills(["a path like /s01/x is no command"], loaded)).toEqual([]);
  });
});
