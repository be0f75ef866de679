import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long collatzSteps(long n) {
        if (n < 1) return -1;
        long steps = 0;
        while (n != 1) {
            if (n % 2 == 0) {
                n /= 2;
            } else {
                n = 3 * n + 1;
            }
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) continue;
            long steps = collatzSteps(Long.parseLong(line));
            out.append(steps < 0 ? "invalid" : String.valueOf(steps)).append("\n");
        }
        System.out.print(out);
    }
}
