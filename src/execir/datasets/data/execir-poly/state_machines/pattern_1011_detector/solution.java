import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final int[][] STEP = {{0, 1}, {2, 1}, {0, 3}, {2, 4}, {2, 1}};

    static int count1011(String bits) {
        int state = 0, count = 0;
        for (char ch : bits.toCharArray()) {
            if (ch != '0' && ch != '1') {
                state = 0;
                continue;
            }
            state = STEP[state][ch - '0'];
            if (state == 4) count++;
        }
        return count;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String word = line.trim();
            if (!word.isEmpty()) out.append(count1011(word)).append("\n");
        }
        System.out.print(out);
    }
}
