import java.util.StringJoiner;

public class Main {
    static int[] debounce(int[] samples, int initial, int stable) {
        int output = initial, candidate = initial, streak = 0;
        int[] levels = new int[samples.length];
        for (int i = 0; i < samples.length; i++) {
            int s = samples[i];
            if (s == output) {
                streak = 0;
            } else if (s == candidate) {
                streak++;
            } else {
                candidate = s;
                streak = 1;
            }
            if (streak >= stable) {
                output = s;
                streak = 0;
            }
            levels[i] = output;
        }
        return levels;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int[] samples = new int[tok.length - 2];
        for (int i = 2; i < tok.length; i++) samples[i - 2] = Integer.parseInt(tok[i]);
        StringJoiner row = new StringJoiner(" ");
        for (int v : debounce(samples, Integer.parseInt(tok[0]), Integer.parseInt(tok[1]))) {
            row.add(String.valueOf(v));
        }
        System.out.println(row);
    }
}
