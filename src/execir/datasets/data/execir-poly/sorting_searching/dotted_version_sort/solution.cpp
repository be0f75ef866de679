#include <iostream>
#include <sstream>
#include <string>
#include <vector>

std::vector<long long> parts(const std::string& v) {
    std::vector<long long> out;
    std::stringstream ss(v);
    for (std::string piece; std::getline(ss, piece, '.');) out.push_back(std::stoll(piece));
    return out;
}

bool newer(const std::string& a, const std::string& b) {
    std::vector<long long> pa = parts(a), pb = parts(b);
    for (size_t i = 0; i < pa.size() && i < pb.size(); i++) {
        if (pa[i] != pb[i]) return pa[i] > pb[i];
    }
    return pa.size() > pb.size();
}

int main() {
    std::vector<std::string> out;
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) out.push_back(line);
    }
    for (size_t i = 1; i < out.size(); i++) {
        std::string v = out[i];
        size_t j = i;
        while (j > 0 && newer(out[j - 1], v)) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = v;
    }
    for (const std::string& v : out) std::cout << v << "\n";
    return 0;
}
