import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean divisibleByThree(String bits) {
        int remainder = 0;
        for (char ch : bits.toCharArray()) {
            if (ch != '0' && ch != '1') return false;
            remainder = (remainder * 2 + (ch - '0')) % 3;
        }
        return remainder == 0;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String word = line.trim();
            if (!word.isEmpty()) out.append(divisibleByThree(word) ? "yes" : "no").append("\n");
        }
        System.out.print(out);
    }
}
