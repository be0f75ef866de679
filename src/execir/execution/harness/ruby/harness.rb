# execir's Ruby harness: ruby harness.rb <io|func> <program.rb> [<test.rb>]. Evaluates the
# program at top level, then the test; records on fd 3: "<nonce> E <name>" (program does not
# load), "T" (test starts), "F <name>" (test raised; "-" for a failed assertion), "R 0".
$execir_nonce = ENV.delete('EXECIR_NONCE') || ''
$execir_records = begin
  IO.new(3, 'w').tap { |io| io.sync = true }
rescue StandardError
  nil
end

def __execir_record(line)
  $execir_records&.write("#{$execir_nonce} #{line}\n")
rescue StandardError
  nil
end

# The assertion type of the test helpers below; a test that raises it is FAIL.
class AssertionError < StandardError; end

def assert(condition, message = 'Assertion failed')
  raise AssertionError, message unless condition
end

def assert_equal(expected, actual, message = nil)
  raise AssertionError, (message || "expected #{expected.inspect}, got #{actual.inspect}") unless expected == actual
end

def __execir_report(kind, error)
  name = error.class.name.to_s.gsub('::', '.').gsub(/[^A-Za-z0-9_.]/, '_')[0, 80]
  name = 'Exception' if name.empty?
  name = '-' if kind == 'F' && error.is_a?(AssertionError)
  __execir_record("#{kind} #{name}")
  begin
    warn error.full_message(highlight: false)
  rescue StandardError
    nil
  end
  $stdout.flush
  exit!(1)
end

__execir_mode, __execir_program, __execir_test = ARGV.shift(3)
__execir_source = File.read(__execir_program)
begin
  RubyVM::InstructionSequence.compile(__execir_source, 'program.rb')
rescue SyntaxError => e
  __execir_report('E', e)
end
if __execir_mode == 'io'
  __execir_record('T')
  begin
    TOPLEVEL_BINDING.eval(__execir_source, 'program.rb')
  rescue SystemExit
    raise
  rescue Exception => e # rubocop:disable Lint/RescueException
    __execir_report('F', e)
  end
else
  begin
    TOPLEVEL_BINDING.eval(__execir_source, 'program.rb')
  rescue SystemExit
    raise
  rescue Exception => e # rubocop:disable Lint/RescueException
    __execir_report('E', e)
  end
  __execir_test_source = File.read(__execir_test)
  __execir_record('T')
  begin
    TOPLEVEL_BINDING.eval(__execir_test_source, 'test.rb')
  rescue SystemExit
    raise
  rescue Exception => e # rubocop:disable Lint/RescueException
    __execir_report('F', e)
  end
  __execir_record('R 0')
end
