import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean ean8Valid(String code) {
        if (code.length() != 8) return false;
        for (char ch : code.toCharArray()) {
            if (ch < '0' || ch > '9') return false;
        }
        int total = 0;
        for (int i = 0; i < 7; i++) {
            int weight = i % 2 == 0 ? 3 : 1;
            total += (code.charAt(i) - '0') * weight;
        }
        int check = (10 - total % 10) % 10;
        return check == code.charAt(7) - '0';
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(ean8Valid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
