import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final String[] NAMES = {"love", "fifteen", "thirty", "forty"};

    static String scoreCall(String points) {
        int a = 0, b = 0;
        for (char p : points.toCharArray()) {
            if (p == 'A') a++;
            else b++;
            if ((a >= 4 || b >= 4) && Math.abs(a - b) >= 2) return a > b ? "game A" : "game B";
        }
        if (a >= 3 && b >= 3) {
            if (a == b) return "deuce";
            return a > b ? "advantage A" : "advantage B";
        }
        return NAMES[a] + "-" + NAMES[b];
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String game = line.trim();
            if (!game.isEmpty()) out.append(scoreCall(game)).append("\n");
        }
        System.out.print(out);
    }
}
