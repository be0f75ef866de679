import java.util.StringJoiner;

public class Main {
    static int thermostat(int[] readings, int low, int high, StringJoiner states) {
        boolean heating = false;
        int activations = 0;
        for (int temp : readings) {
            if (temp < low) {
                if (!heating) activations++;
                heating = true;
            } else if (temp > high) {
                heating = false;
            }
            states.add(heating ? "on" : "off");
        }
        return activations;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int low = Integer.parseInt(tok[0]), high = Integer.parseInt(tok[1]);
        int[] readings = new int[tok.length - 2];
        for (int i = 2; i < tok.length; i++) readings[i - 2] = Integer.parseInt(tok[i]);
        StringJoiner states = new StringJoiner(" ");
        int activations = thermostat(readings, low, high, states);
        System.out.println(states);
        System.out.println(activations);
    }
}
