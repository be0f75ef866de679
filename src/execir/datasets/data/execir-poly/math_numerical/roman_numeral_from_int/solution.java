import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final int[] VALUES = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
    static final String[] SYMBOLS = {"M", "CM", "D", "CD", "C", "XC", "L", "XL",
                                     "X", "IX", "V", "IV", "I"};

    static String toRoman(long n) {
        if (n < 1 || n > 3999) return "invalid";
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < VALUES.length; i++) {
            while (n >= VALUES[i]) {
                out.append(SYMBOLS[i]);
                n -= VALUES[i];
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (!line.isEmpty()) out.append(toRoman(Long.parseLong(line))).append("\n");
        }
        System.out.print(out);
    }
}
