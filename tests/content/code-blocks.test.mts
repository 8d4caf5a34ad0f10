// The guides' code blocks run as pasted: shell parses, JSON and YAML parse, and every `aws`
// command names a real service, operation and parameters (handbook/architecture.md › What `npm test` runs).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import YAML from 'yaml';
import {awsCommands, checkAwsCommand, codeBlocks, guideCodeBlocks, kebab, simpleCommands} from './code-blocks.mts';

const blocks = guideCodeBlocks();
const where = (block: {file: string; line: number}) => `${block.file}:${block.line}`;

test('the reader finds code blocks in lists and tabs, without their indentation', () => {
  const [block] = codeBlocks('x.mdx', '1. Run:\n\n   ```bash\n   aws s3 ls\n     --x\n   ```\n');
  assert.deepEqual(
    {...block, file: undefined},
    {file: undefined, line: 3, language: 'bash', meta: '', code: 'aws s3 ls\n  --x'},
  );
  assert.ok(blocks.filter((b) => b.language === 'bash').length > 100, 'the guides have their shell blocks');
});

test('aws commands are found after pipes, inside $(…), loops and continuations, but not in heredocs or comments', () => {
  const script = [
    'ROLE=$(aws iam get-role --role-name "Tributary Role" --query Role.Arn --output text)',
    'for name in $(aws iam list-role-policies --role-name x --output text); do',
    '  aws iam delete-role-policy --role-name x --policy-name "$name"',
    'done',
    '# aws not run',
    'cat > policy.json <<EOF',
    'aws inside heredoc',
    'EOF',
    'aws s3 cp s3://b/k - \\',
    '  | gunzip | head -n 2',
  ].join('\n');
  assert.deepEqual(
    awsCommands(script).map((words) => words.slice(0, 4).join(' ')),
    [
      'aws iam get-role --role-name',
      'aws iam list-role-policies --role-name',
      'aws iam delete-role-policy --role-name',
      'aws s3 cp s3://b/k',
    ],
  );
  assert.deepEqual(simpleCommands("echo 'a | b' > out.txt")[0], ['echo', 'a | b']);
});

test('the AWS model check accepts real commands and names what is wrong in others', () => {
  const check = (command: string) => checkAwsCommand(awsCommands(command)[0]);
  assert.deepEqual(check('aws iam delete-role --role-name TributaryFullAccess'), []);
  assert.deepEqual(check('aws --region us-east-1 cloudfront get-distribution-config --id E1 --output json'), []);
  assert.deepEqual(check('aws route53 wait resource-record-sets-changed --id C1'), []);
  assert.deepEqual(check('aws s3 ls s3://bucket/ --recursive'), []);
  assert.deepEqual(check('aws iam delete-role --role'), [
    'aws iam delete-role: no parameter --role',
    'aws iam delete-role: missing required --role-name',
  ]);
  assert.deepEqual(check('aws iam remove-role --role-name x'), ['aws iam has no command "remove-role"']);
  assert.deepEqual(check('aws cloudfrnt list-distributions'), ['no AWS service "cloudfrnt"']);
  assert.deepEqual(check('aws s3 copy a b'), ['aws s3 has no command "copy"']);
  assert.equal(kebab('DNSName'), 'dns-name');
});

test('every shell block of the guides parses', () => {
  const problems = blocks
    .filter((block) => ['bash', 'sh', 'shell'].includes(block.language))
    .flatMap((block) => {
      const result = spawnSync('bash', ['-n'], {input: block.code, encoding: 'utf8'});
      return result.status === 0 ? [] : [`${where(block)}: ${result.stderr.trim()}`];
    });
  assert.deepEqual(problems, []);
});

test('every JSON and YAML block of the guides parses', () => {
  const problems = blocks.flatMap((block) => {
    try {
      // A JSON Lines file (its title names .jsonl) is one JSON document per line.
      if (block.language === 'json' && /\.jsonl\b/.test(block.meta)) {
        block.code
          .split('\n')
          .filter(Boolean)
          .forEach((line) => JSON.parse(line));
      } else if (block.language === 'json') JSON.parse(block.code);
      else if (block.language === 'yaml' || block.language === 'yml') YAML.parse(block.code);
      return [];
    } catch (error) {
      return [`${where(block)}: ${(error as Error).message.split('\n')[0]}`];
    }
  });
  assert.deepEqual(problems, []);
});

test('every aws command in the guides names a real service, operation and parameters', () => {
  const commands = blocks
    .filter((block) => block.language === 'bash')
    .flatMap((block) => awsCommands(block.code).map((words) => ({block, words})));
  assert.ok(commands.length > 40, `the guides' aws commands are found (${commands.length})`);
  const problems = commands.flatMap(({block, words}) =>
    checkAwsCommand(words).map((problem) => `${where(block)}: ${problem}`),
  );
  assert.deepEqual(problems, []);
});
